import { Card, Loader, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { checkLogQuery } from '../api/verifiers-api.ts';
import { CheckLogTable } from './check-log-table.tsx';
import { failureText } from './failure-text.ts';

/** Which verifiers checked this record, for staff; the holder's own pages never show it. */
export function RecordChecks({ personId }: { personId: string }) {
  const log = useQuery(checkLogQuery({ personId }));
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="record-checks-title">
      <Title order={2} size="h3" id="record-checks-title" mb="sm">
        Checks by verifiers
      </Title>
      {log.data ? (
        <CheckLogTable entries={log.data} caption="The latest 200 checks of this record, newest first" />
      ) : log.error ? (
        failureText(log.error, 'The checks could not be loaded.')
      ) : (
        <Loader aria-label="Loading checks" />
      )}
    </Card>
  );
}
