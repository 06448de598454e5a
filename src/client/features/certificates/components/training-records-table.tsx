import { Badge, Group, Table, Title } from '@mantine/core';
import type { TrainingRecord } from '#shared/api/certificates.ts';
import { formatDate } from '#shared/format-date.ts';
import { isPassed } from '#shared/rules/test-result.ts';
import { NOT_VALID_COLOR, OTHER_COLOR, PASSED_COLOR, REVOKED_COLOR } from './state-colors.ts';

const columns = ['Course Name', 'Course Level', 'Date of Passed', 'Course Result'] as const;

/** Records have no public id; identical rows are told apart by how often they occurred before. */
function withStableKeys(records: TrainingRecord[]) {
  const seen = new Map<string, number>();
  return records.map((record) => {
    const base = [record.courseName, record.courseLevel, record.passedDate, record.result].join('|');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return { key: `${base}#${count}`, record };
  });
}

/** Green for a valid pass, orange for any other result; an expired or revoked row is never green. */
function resultColor(record: TrainingRecord) {
  if (!isPassed(record.result)) return OTHER_COLOR;
  return record.state === 'valid' ? PASSED_COLOR : NOT_VALID_COLOR;
}

/** The result, and beside it "Expired" or "Revoked" when the row is no longer valid. */
function ResultCell({ record }: { record: TrainingRecord }) {
  return (
    <Group gap={6} wrap="wrap" display="inline-flex">
      <Badge
        color={resultColor(record)}
        data-result={isPassed(record.result) ? 'passed' : 'other'}
        tt="none"
        maw="100%"
      >
        {record.result}
      </Badge>
      {record.state === 'expired' && (
        <Badge color={OTHER_COLOR} variant="outline" tt="none" data-state="expired">
          Expired
        </Badge>
      )}
      {record.state === 'revoked' && (
        <Badge color={REVOKED_COLOR} tt="none" data-state="revoked">
          Revoked
        </Badge>
      )}
    </Group>
  );
}

/** Every record sharing the FIN, newest passed date first (the server sorts them). */
export function TrainingRecordsTable({
  shortTitle,
  records,
}: {
  shortTitle: string;
  records: TrainingRecord[];
}) {
  return (
    <section aria-labelledby="training-record-title">
      <Title order={2} size="h3" id="training-record-title" mb="sm">
        {shortTitle} Training Record
      </Title>
      {/* Explicit roles keep it a table for assistive technology where narrow screens restyle
          its rows as stacked cards (global.css, .stacked-table): every column stays on screen. */}
      <Table striped withTableBorder className="stacked-table" role="table">
        <Table.Thead role="rowgroup">
          <Table.Tr role="row">
            {columns.map((column) => (
              <Table.Th key={column} role="columnheader" scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {withStableKeys(records).map(({ key, record }) => (
            <Table.Tr key={key} role="row">
              <Table.Td role="cell" data-label={columns[0]}>
                {record.courseName}
              </Table.Td>
              <Table.Td role="cell" data-label={columns[1]}>
                {record.courseLevel}
              </Table.Td>
              <Table.Td role="cell" data-label={columns[2]}>
                {formatDate(record.passedDate)}
              </Table.Td>
              <Table.Td role="cell" data-label={columns[3]}>
                <ResultCell record={record} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
