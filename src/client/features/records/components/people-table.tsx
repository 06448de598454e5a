import { Anchor, Checkbox, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { PersonView, SortDirection } from '#shared/api/people.ts';
import { formatDate } from '#shared/format-date.ts';
import { recordPath } from '#shared/record-page.ts';
import { RecordStateBadge } from './record-state.tsx';
import { SortHeader } from './sort-header.tsx';

interface PeopleTableProps {
  people: PersonView[];
  sort: { sort: string; direction: SortDirection } | null;
  chosen: ReadonlySet<string>;
  onChoose: (people: PersonView[], chosen: boolean) => void;
}

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The Peoples table: one row a person, columns that sort, a box on each row to choose it. */
export function PeopleTable({ people, sort, chosen, onChoose }: PeopleTableProps) {
  const onPage = people.filter((p) => chosen.has(p.id)).length;
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table striped highlightOnHover withTableBorder>
        <Table.Caption>People records, one a row; choose rows to act on them together.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <Checkbox
                aria-label="Choose every person on this page"
                checked={people.length > 0 && onPage === people.length}
                indeterminate={onPage > 0 && onPage < people.length}
                onChange={(event) => onChoose(people, event.currentTarget.checked)}
              />
            </Table.Th>
            <SortHeader sort="name" label="Name" current={sort} />
            <SortHeader sort="serial" label="e-Cert No" current={sort} />
            <Table.Th scope="col">FIN No</Table.Th>
            <Table.Th scope="col">Course</Table.Th>
            <Table.Th scope="col">Result</Table.Th>
            <SortHeader sort="passed" label="Passed Date" current={sort} />
            <Table.Th scope="col">Status</Table.Th>
            <SortHeader sort="created" label="Added" current={sort} />
            <Table.Th scope="col">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((p) => (
            <Table.Tr key={p.id} aria-selected={chosen.has(p.id)}>
              <Table.Td>
                <Checkbox
                  aria-label={`Choose ${p.name}`}
                  checked={chosen.has(p.id)}
                  onChange={(event) => onChoose([p], event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {p.name}
              </Table.Th>
              <Table.Td>{p.eCertNumber}</Table.Td>
              <Table.Td>{p.finNumber}</Table.Td>
              <Table.Td>
                {p.tradeTested}
                <Text size="xs">{p.testLevel}</Text>
              </Table.Td>
              <Table.Td>{p.testResult}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(p.passedDate)}</Table.Td>
              <Table.Td>
                <RecordStateBadge person={p} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(p.createdAt)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={`/dashboard/updatepeople/${p.id}`} underline="always">
                    Edit<VisuallyHidden> {p.name}</VisuallyHidden>
                  </Anchor>
                  <Anchor href={recordPath(p.id)} {...newTab} underline="always">
                    View<VisuallyHidden> {p.name}</VisuallyHidden>
                  </Anchor>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
