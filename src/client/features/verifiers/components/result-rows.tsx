import { Badge, Table, Text } from '@mantine/core';
import { ColumnHeads } from '#client/components/table/column-heads.tsx';
import { GREEN_BADGE, ORANGE_BADGE, RED_BADGE } from '#client/lib/badge-colors.ts';
import { type ListOutcome, outcomeLabels, type ReportRow } from '#shared/api/verifiers.ts';

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

/** One line per row of a checked list, in its order, with what became of it. */
export function ResultRows({ rows }: { rows: ReportRow[] }) {
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped>
        <ColumnHeads names={['Row', 'FIN', 'Serial', 'Result', 'Name', 'Course', 'Valid until']} />
        <Table.Tbody>
          {rows.map((row) => (
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
  );
}
