import { Button, Card, Group, NativeSelect, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '#client/lib/format-date-time.ts';
import { type ListCheckResult, type ListOutcome, outcomeLabels } from '#shared/api/verifiers.ts';
import { isLanguage, type Language, languageNames, languages } from '#shared/i18n/languages.ts';
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

/** The first of the browser's languages the report is printed in (Simplified Chinese for `zh`, not `zh-TW`). */
function browserLanguage(): Language {
  for (const tag of navigator.languages) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) {
      if (!/-(hant|tw|hk|mo)/.test(lower)) return 'zh-Hans';
      continue;
    }
    const base = lower.split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** One line per row of the list, in its order, with what became of it. */
export function ListResults({ result }: { result: ListCheckResult }) {
  const [language, setLanguage] = useState(browserLanguage);
  const counts = new Map<ListOutcome, number>();
  for (const row of result.rows) counts.set(row.outcome, (counts.get(row.outcome) ?? 0) + 1);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="results-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="results-title">
          Results
        </Title>
        <Group gap="xs" align="flex-end">
          <Button variant="light" onClick={() => download(result)}>
            Download CSV
          </Button>
          <NativeSelect
            label="Report language"
            value={language}
            onChange={(event) => setLanguage(event.currentTarget.value as Language)}
            data={languages.map((value) => ({ value, label: languageNames[value] }))}
          />
          <Button
            variant="light"
            component="a"
            href={`/api/verifier/reports/${result.reportId}/report.pdf?lang=${language}`}
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
