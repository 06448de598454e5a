import { Table, Text } from '@mantine/core';
import { ColumnHeads } from '#client/components/table/column-heads.tsx';
import { formatDateTime } from '#client/lib/format-date-time.ts';
import type { CheckLogEntry } from '#shared/api/verifiers.ts';

/** Entries of the check log, newest first: who checked, when, what came of it, and why. */
export function CheckLogTable({ entries, caption }: { entries: CheckLogEntry[]; caption: string }) {
  if (entries.length === 0) return <Text>No checks recorded.</Text>;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped>
        <Table.Caption>{caption}</Table.Caption>
        <ColumnHeads names={['When', 'Verifier', 'Holder', 'Result', 'Purpose']} />
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>{formatDateTime(entry.checkedAt)}</Table.Td>
              <Table.Td>{entry.companyName}</Table.Td>
              <Table.Td>{entry.holderName ?? '–'}</Table.Td>
              <Table.Td>{entry.outcome}</Table.Td>
              <Table.Td>{entry.purpose}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
