import { Badge, Table, Title } from '@mantine/core';
import type { TrainingRecord } from '#shared/api/certificates.ts';
import { formatDate } from '#shared/format-date.ts';
import { isPassed } from '#shared/rules/test-result.ts';

// Dark enough that white badge text passes 4.5:1 contrast.
export const PASSED_COLOR = '#2b7a3b';
const OTHER_COLOR = '#a84300';

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
      <Table.ScrollContainer minWidth={520}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Course Name</Table.Th>
              <Table.Th>Course Level</Table.Th>
              <Table.Th>Date of Passed</Table.Th>
              <Table.Th>Course Result</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {withStableKeys(records).map(({ key, record }) => (
              <Table.Tr key={key}>
                <Table.Td>{record.courseName}</Table.Td>
                <Table.Td>{record.courseLevel}</Table.Td>
                <Table.Td>{formatDate(record.passedDate)}</Table.Td>
                <Table.Td>
                  <Badge
                    color={isPassed(record.result) ? PASSED_COLOR : OTHER_COLOR}
                    data-result={isPassed(record.result) ? 'passed' : 'other'}
                    tt="none"
                  >
                    {record.result}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
