import { Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { ColumnHeads } from '#client/components/table/column-heads.tsx';
import { duplicateOf, type ImportView } from '#shared/api/imports.ts';
import { ErrorsCsvLink } from './errors-csv-link.tsx';

/** Every duplicate by row: the first ones here, all of them in errors.csv beside the bad rows. */
export function ImportDuplicatesTable({ view }: { view: ImportView }) {
  const titleId = useId();
  const shown = view.duplicateRows.length;
  return (
    <Stack component="section" aria-labelledby={titleId} gap="sm">
      <Title order={3} size="h4" id={titleId}>
        Duplicate rows
      </Title>
      <Text>
        {view.duplicates === 1
          ? '1 row repeats a FIN and e-Cert serial number'
          : `${view.duplicates.toLocaleString('en')} rows repeat a FIN and e-Cert serial number`}
        {shown < view.duplicates ? `; the first ${shown} are shown here` : ''}. The errors file lists every
        one, so that it can be corrected there.
      </Text>
      {view.invalid === 0 && <ErrorsCsvLink view={view}>Download all duplicates (CSV)</ErrorsCsvLink>}
      <Table striped withTableBorder maw={960}>
        <ColumnHeads names={['Row', 'Has the FIN and e-Cert serial number of']} />
        <Table.Tbody>
          {view.duplicateRows.map((duplicate, index) => (
            // A corrected errors.csv may give two rows one number: the position tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
            <Table.Tr key={index}>
              <Table.Td>{duplicate.row}</Table.Td>
              <Table.Td>{duplicateOf(duplicate)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
