import { Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ColumnHeads } from '#client/components/table/column-heads.tsx';
import { pageCount } from '#client/lib/list-params.ts';
import { auditBatchQuery, BATCH_PAGE_SIZE } from '../api/audit-query.ts';
import { AuditChanges } from './audit-changes.tsx';
import { AuditEntity, actionWords } from './audit-entity.tsx';

/** The records of one import or bulk action, fetched a page at a time once its line is opened. */
export function AuditBatch({ batch, label }: { batch: string; label: string }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useQuery(auditBatchQuery(batch, page));
  if (isError)
    return <Text role="alert">The records could not be loaded. Close and open the line again.</Text>;
  if (isPending) return <Text role="status">Loading the records...</Text>;
  const pages = pageCount(data.total, BATCH_PAGE_SIZE);
  return (
    <Stack gap="xs">
      <Table withTableBorder>
        <Table.Caption>{label}</Table.Caption>
        <ColumnHeads names={['What', 'Record', 'Changes']} />
        <Table.Tbody>
          {data.items.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td>{actionWords[event.action]}</Table.Td>
              <Table.Td>
                <AuditEntity event={event} />
              </Table.Td>
              <Table.Td>
                <AuditChanges event={event} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pages > 1 && (
        <Group justify="center" component="nav" aria-label={`Pages of ${label}`}>
          <Pagination
            size="sm"
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page`,
            })}
            getItemProps={(n) => ({
              'aria-label': `Page ${n}`,
              'aria-current': n === page ? 'page' : undefined,
            })}
          />
        </Group>
      )}
    </Stack>
  );
}
