import { Button, Table, Text } from '@mantine/core';
import { Fragment, useId, useState } from 'react';
import { ColumnHeads } from '#client/components/table/column-heads.tsx';
import { ScrollTable } from '#client/components/table/scroll-table.tsx';
import { formatDateTime } from '#client/lib/format-date-time.ts';
import type { AuditEventView } from '#shared/api/audit.ts';
import { AuditBatch } from './audit-batch.tsx';
import { AuditChanges } from './audit-changes.tsx';
import { AuditEntity, actionWords } from './audit-entity.tsx';

const COLUMNS = 5;
const records = (n: number) => (n === 1 ? '1 record' : `${n.toLocaleString('en')} records`);

function Who({ event }: { event: AuditEventView }) {
  if (!event.actorEmail) return <>The system</>;
  return (
    <>
      {event.actorName ?? event.actorEmail}
      {event.actorName && <Text size="xs">{event.actorEmail}</Text>}
    </>
  );
}

/** One line of the trail; an import's or bulk action's line opens to its records below it. */
function AuditLine({ event }: { event: AuditEventView }) {
  const [open, setOpen] = useState(false);
  const batchId = useId();
  const label = `${actionWords[event.action]} on ${formatDateTime(event.at)}: ${records(event.batchSize)}`;
  return (
    <Fragment>
      <Table.Tr>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.at)}</Table.Td>
        <Table.Td>
          <Who event={event} />
        </Table.Td>
        <Table.Td>{actionWords[event.action]}</Table.Td>
        <Table.Td>
          <AuditEntity event={event} />
          {event.batchSize > 0 && (
            <div>
              <Button
                size="compact-sm"
                variant="subtle"
                aria-expanded={open}
                aria-controls={open ? batchId : undefined}
                onClick={() => setOpen(!open)}
              >
                {open ? 'Hide the records' : `Show the ${records(event.batchSize)}`}
              </Button>
            </div>
          )}
        </Table.Td>
        <Table.Td>
          <AuditChanges event={event} />
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr id={batchId}>
          <Table.Td colSpan={COLUMNS}>
            <AuditBatch batch={event.entityId} label={label} />
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}

/**
 * Who changed what and when, with the old and new values (staff screens show records in full):
 * one line per change, and one per import or bulk action, which opens to its records.
 */
export function AuditTable({ events }: { events: AuditEventView[] }) {
  if (events.length === 0) return <Text role="status">No changes match.</Text>;
  return (
    <ScrollTable label="Audit trail" minWidth={760}>
      <Table striped withTableBorder verticalSpacing="xs">
        <ColumnHeads names={['When', 'Who', 'What', 'Record', 'Changes']} />
        <Table.Tbody>
          {events.map((event) => (
            <AuditLine key={event.id} event={event} />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
