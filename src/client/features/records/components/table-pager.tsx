import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toFirstPage } from '#client/lib/list-position.ts';
import { useUpdateSearch } from '#client/lib/use-update-search.ts';
import type { PeoplePage, PeopleQuery, PeopleSort } from '#shared/api/people.ts';
import { shownSort, TABLE_PAGE_SIZES } from '../api/people-list.ts';
import { useListParam } from './people-filters.tsx';

/** What a jump takes in each sort: a list of a million is reached by these, not by page numbers. */
const jumpLabels: Record<PeopleSort, string> = {
  name: 'Jump to name',
  serial: 'Jump to e-Cert serial',
  passed: 'Jump to passed date',
  created: 'Jump to date added',
};
const byDate = (sort: PeopleSort) => sort === 'passed' || sort === 'created';

/** "Jump to": the first rows at or after a name, serial or date in the list's sort (`?from=`). */
function JumpTo({ sort }: { sort: PeopleSort }) {
  const update = useUpdateSearch();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const go = (event: FormEvent) => {
    event.preventDefault();
    if (!value) {
      setError(byDate(sort) ? 'Enter a date' : 'Enter the start of what to jump to');
      return;
    }
    setError(undefined);
    update((params) => {
      toFirstPage(params);
      params.set('from', value);
    });
    window.scrollTo({ top: 0 });
  };
  return (
    <form onSubmit={go} noValidate>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label={jumpLabels[sort]}
          type={byDate(sort) ? 'date' : 'text'}
          maxLength={200}
          w={200}
          value={value}
          error={error}
          onChange={(event) => setValue(event.currentTarget.value.trim())}
        />
        <Button type="submit" variant="outline" mt={25}>
          Go
        </Button>
      </Group>
    </form>
  );
}

/** The URL of the page a cursor names: `after` for the next, `before` for the previous. */
function useCursorLink() {
  const [params] = useSearchParams();
  return (name: 'after' | 'before', cursor: string) => {
    const changed = new URLSearchParams(params);
    toFirstPage(changed);
    changed.set(name, cursor);
    return `?${changed}`;
  };
}

/**
 * First, Previous and Next: each reads from where the page ends, however far into the list, so
 * they are links (their place is in the URL; Back returns to it).
 */
export function PageLinks({ prev, next }: Pick<PeoplePage, 'prev' | 'next'>) {
  const [params] = useSearchParams();
  const link = useCursorLink();
  const first = new URLSearchParams(params);
  toFirstPage(first);
  const to = (label: string, href: string | null) =>
    href === null ? (
      <Button variant="default" disabled>
        {label}
      </Button>
    ) : (
      <Button variant="default" component={Link} to={href} onClick={() => window.scrollTo({ top: 0 })}>
        {label}
      </Button>
    );
  if (prev === null && next === null) return null;
  return (
    <Group component="nav" aria-label="Pages" gap="xs" justify="center">
      {to('First page', prev === null ? null : `?${first}`)}
      {to('Previous page', prev === null ? null : link('before', prev))}
      {to('Next page', next === null ? null : link('after', next))}
    </Group>
  );
}

/** The table's pages: rows per page, First, Previous and Next, and a jump in the list's sort. */
export function TablePager({ query, data }: { query: PeopleQuery; data: PeoplePage }) {
  const setParam = useListParam();
  const sorted = shownSort(query);
  return (
    <Group justify="space-between" align="flex-end">
      <NativeSelect
        label="Rows per page"
        value={String(query.pageSize)}
        data={TABLE_PAGE_SIZES.map(String)}
        onChange={(event) => setParam('pageSize', event.currentTarget.value)}
      />
      <PageLinks prev={data.prev} next={data.next} />
      {sorted && <JumpTo key={sorted.sort} sort={sorted.sort as PeopleSort} />}
    </Group>
  );
}
