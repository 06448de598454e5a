import { Anchor, Button, Group, SimpleGrid, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ListPagination } from '#client/components/list/list-pagination.tsx';
import { SearchBox } from '#client/components/list/search-box.tsx';
import { DashboardPage } from '#client/components/page/dashboard-page.tsx';

interface RecordsListProps<T> {
  title: string;
  q: string;
  page: number;
  pageSize: number;
  /** Where "Export CSV" downloads every record the search shows (all of them without a search). */
  exportUrl: string;
  /** `totalCapped`: a search counted only the first `total` matches, and more match. */
  data: { items: T[]; total: number; totalCapped?: boolean };
  children: (item: T) => ReactNode;
}

/** "Total People" with the count, one search box, the cards, and the pages (SPEC §6). */
export function RecordsList<T>({ title, q, page, pageSize, exportUrl, data, children }: RecordsListProps<T>) {
  const { pathname } = useLocation();
  return (
    <DashboardPage
      title={title}
      heading={
        <>
          Total People: {data.total.toLocaleString('en')}
          {data.totalCapped && '+'}
          {q && ' (Filtered)'}
        </>
      }
    >
      <Group align="flex-end" justify="space-between">
        <SearchBox q={q} label="Search by name, passport number, nationality, e-Cert number or FIN number" />
        <Button
          component="a"
          href={q ? `${exportUrl}?${new URLSearchParams({ q })}` : exportUrl}
          download
          variant="outline"
          leftSection={<IconDownload size={18} aria-hidden />}
        >
          Export CSV
        </Button>
      </Group>
      {data.totalCapped && (
        <Text role="status">
          More than {data.total.toLocaleString('en')} matches: the best are shown first. Refine your search to
          see fewer.
        </Text>
      )}
      {data.items.length === 0 ? (
        <Text role="status">
          {q
            ? `No records match “${q}”.`
            : data.total > 0
              ? 'There is nothing on this page.'
              : 'No records yet.'}{' '}
          {data.total > 0 && (
            <Anchor component={Link} to={pathname} underline="always">
              Back to the first page
            </Anchor>
          )}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>{data.items.map(children)}</SimpleGrid>
      )}
      <ListPagination total={data.total} pageSize={pageSize} page={page} />
    </DashboardPage>
  );
}
