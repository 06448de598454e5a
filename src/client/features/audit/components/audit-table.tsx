import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ScrollTable } from '#client/components/table/scroll-table.tsx';
import { fieldLabel } from '#client/lib/field-label.ts';
import { formatDateTime } from '#client/lib/format-date-time.ts';
import type { AuditEventView } from '#shared/api/audit.ts';
import { changedFields } from '../api/audit-query.ts';

const editPaths: Record<string, string> = {
  person: '/dashboard/updatepeople/',
  renewal: '/dashboard/renew-update/',
};

function Entity({ event }: { event: AuditEventView }) {
  const label = `${event.entityType} ${event.entityId.slice(0, 8)}`;
  const path = editPaths[event.entityType];
  if (!path || event.action === 'delete') return <>{label}</>;
  return (
    <Anchor component={Link} to={path + event.entityId} underline="always">
      {label}
    </Anchor>
  );
}

/** Who changed what and when; field names only, never the values (they are personal data). */
export function AuditTable({ events }: { events: AuditEventView[] }) {
  if (events.length === 0) return <Text role="status">No changes recorded yet.</Text>;
  return (
    <ScrollTable label="Audit trail" minWidth={640}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">When</Table.Th>
            <Table.Th scope="col">Who</Table.Th>
            <Table.Th scope="col">What</Table.Th>
            <Table.Th scope="col">Record</Table.Th>
            <Table.Th scope="col">Fields</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.at)}</Table.Td>
              <Table.Td>{event.actorEmail ?? 'The system'}</Table.Td>
              <Table.Td>{event.action}</Table.Td>
              <Table.Td>
                <Entity event={event} />
              </Table.Td>
              <Table.Td>{changedFields(event).map(fieldLabel).join(', ') || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
