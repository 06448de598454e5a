import { Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { ColumnHeads } from '#client/components/table/column-heads.tsx';
import { IMPORT_ERRORS_SHOWN, type ImportView } from '#shared/api/imports.ts';
import { ErrorsCsvLink } from './errors-csv-link.tsx';

/** The rows that will not be imported: the first problems here, every one of them in errors.csv. */
export function ImportErrorsTable({ view }: { view: ImportView }) {
  const titleId = useId();
  const rows =
    view.invalid === 1 ? '1 row has problems' : `${view.invalid.toLocaleString('en')} rows have problems`;
  return (
    <Stack component="section" aria-labelledby={titleId} gap="sm">
      <Title order={3} size="h4" id={titleId}>
        Problems
      </Title>
      <Text>
        {rows} and will not be imported. Fix them in your file and import them again
        {view.errors.length >= IMPORT_ERRORS_SHOWN
          ? `; only the first ${IMPORT_ERRORS_SHOWN} problems are shown here.`
          : '.'}
      </Text>
      <ErrorsCsvLink view={view}>Download all errors (CSV)</ErrorsCsvLink>
      <Table striped withTableBorder maw={960}>
        <ColumnHeads names={['Row', 'Column', 'Problem']} />
        <Table.Tbody>
          {view.errors.map((error, index) => (
            // A row may have several problems, even in one column: the position tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
            <Table.Tr key={index}>
              <Table.Td>{error.row}</Table.Td>
              <Table.Td>{error.field}</Table.Td>
              <Table.Td>{error.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
