import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Table, Title } from '@mantine/core';
import { useFormatDate } from '#client/lib/i18n/format-date.ts';
import type { TrainingRecord } from '#shared/api/certificates.ts';
import { isPassed } from '#shared/rules/test-result.ts';
import { NOT_VALID_COLOR, OTHER_COLOR, PASSED_COLOR, REVOKED_COLOR } from './state-colors.ts';

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
    <div className="cell-cluster">
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
          <Trans>Expired</Trans>
        </Badge>
      )}
      {record.state === 'revoked' && (
        <Badge color={REVOKED_COLOR} tt="none" data-state="revoked">
          <Trans>Revoked</Trans>
        </Badge>
      )}
    </div>
  );
}

/**
 * Every record sharing the FIN, newest passed date first (the server sorts them); the one the
 * visitor checked is marked, as a FIN may hold several courses.
 */
export function TrainingRecordsTable({
  shortTitle,
  records,
}: {
  shortTitle: string;
  records: TrainingRecord[];
}) {
  const { t } = useLingui();
  const formatDate = useFormatDate();
  const columns = [t`Course Name`, t`Course Level`, t`Date of Passed`, t`Course Result`] as const;
  return (
    <section aria-labelledby="training-record-title">
      <Title order={2} size="h3" id="training-record-title" mb="sm">
        <Trans>{shortTitle} Training Record</Trans>
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
            <Table.Tr
              key={key}
              role="row"
              aria-current={record.current || undefined}
              fw={record.current ? 600 : undefined}
            >
              <Table.Td role="cell" data-label={columns[0]}>
                {/* One piece beside the label when rows stack: the badge wraps below a long name. */}
                <div className="cell-cluster">
                  {record.courseName}
                  {record.current && (
                    <Badge variant="outline" tt="none" maw="100%" data-current-record>
                      <Trans>This e-Cert</Trans>
                    </Badge>
                  )}
                </div>
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
