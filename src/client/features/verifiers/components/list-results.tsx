import { Button, Card, Group, Text, Title } from '@mantine/core';
import { formatDateTime } from '#client/lib/format-date-time.ts';
import { type ListCheckResult, type ListOutcome, outcomeLabels } from '#shared/api/verifiers.ts';
import { resultsCsv } from '../api/results-csv.ts';
import { ResultRows } from './result-rows.tsx';

async function download(result: ListCheckResult) {
  const url = URL.createObjectURL(await resultsCsv(result));
  const link = document.createElement('a');
  link.href = url;
  link.download = `e-cert-checks-${result.checkedAt.slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

/** One line per row of the list, in its order, with what became of it. */
export function ListResults({ result }: { result: ListCheckResult }) {
  const counts = new Map<ListOutcome, number>();
  for (const row of result.rows) counts.set(row.outcome, (counts.get(row.outcome) ?? 0) + 1);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="results-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="results-title">
          Results
        </Title>
        <Group gap="xs">
          <Button variant="light" onClick={() => download(result)}>
            Download CSV
          </Button>
          <Button
            variant="light"
            component="a"
            href={`/api/verifier/reports/${result.reportId}/report.pdf`}
            download
          >
            Download PDF report
          </Button>
        </Group>
      </Group>
      <Text mb="sm" role="status">
        Checked {formatDateTime(result.checkedAt)}:{' '}
        {[...counts].map(([outcome, count]) => `${count} ${outcomeLabels[outcome].toLowerCase()}`).join(', ')}
        . {result.usedToday} of {result.dailyQuota} rows of today's quota used.
      </Text>
      <ResultRows rows={result.rows} />
    </Card>
  );
}
