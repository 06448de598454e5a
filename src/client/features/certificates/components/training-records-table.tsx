import { Badge, Table, Title } from '@mantine/core';
import type { TrainingRecord } from '#shared/api/certificates.ts';
import { formatDate } from '#shared/format-date.ts';
import { isPassed } from '#shared/rules/test-result.ts';

// Dark enough that white badge text passes 4.5:1 contrast.
export const PASSED_COLOR = '#2b7a3b';
const OTHER_COLOR = '#a84300';
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
                <Badge
                  color={isPassed(record.result) ? PASSED_COLOR : OTHER_COLOR}
                  data-result={isPassed(record.result) ? 'passed' : 'other'}
                  tt="none"
                  maw="100%"
                >
                  {record.result}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
