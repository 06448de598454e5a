import { Badge, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { GREEN_BADGE, ORANGE_BADGE, RED_BADGE } from '#client/lib/badge-colors.ts';
import { formatDateTime } from '#client/lib/format-date-time.ts';
import { type ListCheckResult, type ListOutcome, outcomeLabels } from '#shared/api/verifiers.ts';
import { resultsCsv } from '../api/results-csv.ts';

const outcomeColor: Record<ListOutcome, string> = {
  valid: GREEN_BADGE,
  expired: ORANGE_BADGE,
  revoked: RED_BADGE,
  'not-passed': 'gray.8',
  'no-match': 'dark.6',
  duplicate: 'blue.9',
  invalid: 'grape.9',
  'over-quota': 'dark.6',
  'too-many-no-matches': 'dark.6',
};

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
        <Button variant="light" onClick={() => download(result)}>
          Download CSV
        </Button>
      </Group>
      <Text mb="sm" role="status">
        Checked {formatDateTime(result.checkedAt)}:{' '}
        {[...counts].map(([outcome, count]) => `${count} ${outcomeLabels[outcome].toLowerCase()}`).join(', ')}
        . {result.usedToday} of {result.dailyQuota} rows of today's quota used.
      </Text>
      <Table.ScrollContainer minWidth={800}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>FIN</Table.Th>
              <Table.Th>Serial</Table.Th>
              <Table.Th>Result</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Course</Table.Th>
              <Table.Th>Valid until</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.rows.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>{row.finNumber}</Table.Td>
                <Table.Td>{row.eCertNumber}</Table.Td>
                <Table.Td>
                  <Badge color={outcomeColor[row.outcome]}>{outcomeLabels[row.outcome]}</Badge>
                  {row.note && (
                    <Text size="sm" c="dimmed">
                      {row.note}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{row.name ?? '–'}</Table.Td>
                <Table.Td>{row.course ?? '–'}</Table.Td>
                <Table.Td>{row.expiresOn ?? '–'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
