import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { toFirstPage } from '#client/lib/list-position.ts';
import { useUpdateSearch } from '#client/lib/use-update-search.ts';
import { defaultDirection, type PeopleSort, type SortDirection } from '#shared/api/people.ts';

interface SortHeaderProps {
  sort: PeopleSort;
  label: string;
  /** The list's sort now; null while a search lists its matches best first. */
  current: { sort: string; direction: SortDirection } | null;
}

/**
 * A column header that sorts the list by its column: a button, so the keyboard reaches it, and
 * `aria-sort` on the header, so a screen reader says how the table is sorted. Pressed again, it
 * reverses the order. The sort lives in the URL and starts again at page 1.
 */
export function SortHeader({ sort, label, current }: SortHeaderProps) {
  const update = useUpdateSearch();
  const active = current?.sort === sort ? current.direction : null;
  const next: SortDirection = active ? (active === 'asc' ? 'desc' : 'asc') : defaultDirection[sort];
  const Icon = active === 'asc' ? IconArrowUp : active === 'desc' ? IconArrowDown : IconArrowsSort;
  const apply = () =>
    update((params) => {
      params.set('sort', sort);
      params.set('direction', next);
      toFirstPage(params);
    });
  return (
    <Table.Th scope="col" aria-sort={active ? (active === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={apply} fw={700} fz="sm" style={{ display: 'inline-flex', gap: 4 }}>
        {label}
        <Icon size={16} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}
