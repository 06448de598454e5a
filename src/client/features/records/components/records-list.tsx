import { Anchor, Button, Group, SimpleGrid, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
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
  /** The list's filters besides the search (`?name=value`), kept when searching. */
  keep?: Record<string, string>;
  /** Whether a filter besides the search narrows the list. */
  filtered?: boolean;
  /** Controls for those filters, shown beside the search box. */
  filters?: ReactNode;
  /** Where "Export CSV" downloads every record the list shows, search and filters applied. */
  exportUrl: string;
  /** The page that imports records from a CSV file ("Import CSV"). */
  importPath: string;
  /** `totalCapped`: a search counted only the first `total` matches, and more match. */
  data: { items: T[]; total: number; totalCapped?: boolean };
  /** What the list says when `totalCapped` (by default, that a search matched more). */
  cappedNotice?: ReactNode;
  /** Beside Import and Export, e.g. the choice between cards and a table. */
  actions?: ReactNode;
  /** Shown in place of the cards and their pages: a table with its own pages. */
  table?: ReactNode;
  /** The cards' pages, in place of page numbers (a list too long to number). */
  pager?: ReactNode;
  children: (item: T) => ReactNode;
}

/** "Total People" with the count, one search box, the cards, and the pages. */
export function RecordsList<T>({
  title,
  q,
  page,
  pageSize,
  keep = {},
  filtered = false,
  filters,
  exportUrl,
  importPath,
  data,
  cappedNotice,
  actions,
  table,
  pager,
  children,
}: RecordsListProps<T>) {
  const { pathname } = useLocation();
  const firstPage = `${pathname}${Object.keys(keep).length ? `?${new URLSearchParams(keep)}` : ''}`;
  return (
    <DashboardPage
      title={title}
      heading={
        <>
          Total People: {data.total.toLocaleString('en')}
          {data.totalCapped && '+'}
          {(q || filtered) && ' (Filtered)'}
        </>
      }
    >
      <Group align="flex-end" justify="space-between">
        <Group align="flex-end" gap="lg">
          <SearchBox
            q={q}
            keep={keep}
            label="Search by name, passport number, nationality, e-Cert number or FIN number"
          />
          {filters}
        </Group>
        <Group gap="sm" align="flex-end">
          {actions}
          <Button
            component={Link}
            to={importPath}
            variant="outline"
            leftSection={<IconUpload size={18} aria-hidden />}
          >
            Import CSV
          </Button>
          <Button
            component="a"
            href={exportUrl}
            download
            variant="outline"
            leftSection={<IconDownload size={18} aria-hidden />}
          >
            Export CSV
          </Button>
        </Group>
      </Group>
      {data.totalCapped && (
        <Text role="status">
          {cappedNotice ??
            `More than ${data.total.toLocaleString('en')} matches: the best are shown first. Refine your search to see fewer.`}
        </Text>
      )}
      {data.items.length === 0 ? (
        <Text role="status">
          {q
            ? `No records match “${q}”.`
            : data.total > 0
              ? 'There is nothing on this page.'
              : filtered
                ? 'No records match the filter.'
                : 'No records yet.'}{' '}
          {data.total > 0 && (
            <Anchor component={Link} to={firstPage} underline="always">
              Back to the first page
            </Anchor>
          )}
        </Text>
      ) : (
        (table ?? <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>{data.items.map(children)}</SimpleGrid>)
      )}
      {!table && (pager ?? <ListPagination total={data.total} pageSize={pageSize} page={page} />)}
    </DashboardPage>
  );
}
