import { Button, Stack, Text } from '@mantine/core';
import { NamedCard } from '#client/components/layout/named-card.tsx';
import { formatDateTime } from '#client/lib/format-date-time.ts';
import type { TrashedRecord } from '#shared/api/trash.ts';

interface TrashedRecordCardProps {
  record: TrashedRecord;
  onRestore: (record: TrashedRecord) => void;
  restoring: boolean;
}

/** One trashed record: what it is, who deleted it and when, and "Restore". */
export function TrashedRecordCard({ record: r, onRestore, restoring }: TrashedRecordCardProps) {
  const rows = [
    ['FIN No', r.finNumber],
    ['e-Cert No', r.eCertNumber],
    ['Passport No', r.passportNumber],
    ['Nationality', r.nationality],
    ['Trade Tested', r.tradeTested],
    ['Deleted', formatDateTime(r.deletedAt)],
    ['Deleted by', r.deletedBy ?? 'Not recorded'],
  ] as const;
  return (
    <NamedCard name={r.name} gap="sm">
      <Stack component="dl" gap={4} m={0}>
        {rows.map(([label, value]) => (
          <Text key={label} component="div" size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text component="dt" span fw={700} size="sm">
              {label}:
            </Text>{' '}
            <Text component="dd" span m={0} size="sm">
              {value}
            </Text>
          </Text>
        ))}
      </Stack>
      <Button size="xs" mt="auto" w="fit-content" onClick={() => onRestore(r)} disabled={restoring}>
        {restoring ? 'Restoring...' : 'Restore'}
      </Button>
    </NamedCard>
  );
}
