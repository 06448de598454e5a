import { Table } from '@mantine/core';

/** A table's header row: one column header per name, scoped so screen readers announce it. */
export function ColumnHeads({ names }: { names: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {names.map((name) => (
          <Table.Th key={name} scope="col">
            {name}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
