import { Card, Title } from '@mantine/core';
import { CheckLog } from './check-log.tsx';

/** Which verifiers checked this record, for staff; the holder's own pages never show it. */
export function RecordChecks({ personId }: { personId: string }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="record-checks-title">
      <Title order={2} size="h3" id="record-checks-title" mb="sm">
        Checks by verifiers
      </Title>
      <CheckLog of={{ personId }} caption="Checks of this record, newest first" />
    </Card>
  );
}
