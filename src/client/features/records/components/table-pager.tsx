import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ListPagination } from '#client/components/list/list-pagination.tsx';
import { pageCount } from '#client/lib/list-params.ts';
import { useUpdateSearch } from '#client/lib/use-update-search.ts';
import { TABLE_PAGE_SIZES } from '../api/people-list.ts';
import { useListParam } from './people-filters.tsx';

/** "Go to page": a number and Enter (or Go) opens that page, once it is one of the list's. */
function JumpToPage({ pages }: { pages: number }) {
  const update = useUpdateSearch();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const go = (event: FormEvent) => {
    event.preventDefault();
    const page = Number(value);
    if (!Number.isInteger(page) || page < 1 || page > pages) {
      setError(`Choose a page from 1 to ${pages.toLocaleString('en')}`);
      return;
    }
    setError(undefined);
    update((params) => params.set('page', String(page)));
    window.scrollTo({ top: 0 });
  };
  return (
    <form onSubmit={go} noValidate>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label="Go to page"
          inputMode="numeric"
          w={120}
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

/** The table's pages: rows per page, page links, and a jump to any page. All of it in the URL. */
export function TablePager({ total, pageSize, page }: { total: number; pageSize: number; page: number }) {
  const setParam = useListParam();
  const pages = pageCount(total, pageSize);
  return (
    <Group justify="space-between" align="flex-end">
      <NativeSelect
        label="Rows per page"
        value={String(pageSize)}
        data={TABLE_PAGE_SIZES.map(String)}
        onChange={(event) => setParam('pageSize', event.currentTarget.value)}
      />
      <ListPagination total={total} pageSize={pageSize} page={page} />
      {pages > 1 && <JumpToPage pages={pages} />}
    </Group>
  );
}
