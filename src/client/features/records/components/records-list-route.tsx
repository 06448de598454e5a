import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { staffLoader } from '#client/features/auth/api/staff-loader.ts';
import {
  RECORDS_PAGE_SIZE,
  type RecordKind,
  type RecordsFilter,
  type RecordTypes,
  recordsFilterParams,
  recordsQuery,
} from '#client/features/records/api/records-query.ts';
import { MissingImagesFilter } from '#client/features/records/components/missing-images-filter.tsx';
import { RecordsList } from '#client/features/records/components/records-list.tsx';
import { useDeleteRecord } from '#client/features/records/components/use-delete-record.tsx';
import { listParams } from '#client/lib/list-params.ts';
import { queryClient } from '#client/lib/query-client.ts';

type Item<K extends RecordKind> = RecordTypes[K]['one'];

interface RecordsListRoute<K extends RecordKind> {
  kind: K;
  title: string;
  /** What Delete calls one record of this kind. */
  deletes: 'person' | 'renewal';
  /** The page that imports records of this kind from a CSV file. */
  importPath: string;
  /** Offers "Missing images only" (people have images; renewals do not). */
  missingImagesFilter?: boolean;
  card: (item: Item<K>, actions: { onDelete: (id: string) => void; deleting: boolean }) => ReactNode;
}

/**
 * A dashboard list of records (Peoples, Renew Peoples): its loader and its page, from the URL's q,
 * page and, where offered, `missing=images`.
 */
export function recordsListRoute<K extends RecordKind>({
  kind,
  title,
  deletes,
  importPath,
  missingImagesFilter = false,
  card,
}: RecordsListRoute<K>) {
  const filterOf = (params: URLSearchParams): RecordsFilter => ({
    missingImages: missingImagesFilter && params.get('missing') === 'images',
  });

  const loader = staffLoader(({ request }: LoaderFunctionArgs) => {
    const { q, page } = listParams(request.url);
    const filter = filterOf(new URL(request.url).searchParams);
    return queryClient.ensureQueryData(recordsQuery(kind, q, page, filter));
  });

  function Component() {
    const [params] = useSearchParams();
    const { q, page } = listParams(params);
    const filter = filterOf(params);
    const { data } = useSuspenseQuery(recordsQuery(kind, q, page, filter));
    const { confirmDelete, deletingId } = useDeleteRecord(deletes);
    const filterParams = recordsFilterParams(filter);
    const exportQuery = new URLSearchParams({ ...(q ? { q } : {}), ...filterParams }).toString();
    return (
      <RecordsList
        title={title}
        q={q}
        page={page}
        pageSize={RECORDS_PAGE_SIZE}
        keep={filterParams}
        filtered={Boolean(filter.missingImages)}
        filters={missingImagesFilter && <MissingImagesFilter checked={Boolean(filter.missingImages)} />}
        exportUrl={`/api/${kind}/export.csv${exportQuery ? `?${exportQuery}` : ''}`}
        importPath={importPath}
        data={data}
      >
        {(item: Item<K>) =>
          card(item, { onDelete: () => confirmDelete(item), deleting: deletingId === item.id })
        }
      </RecordsList>
    );
  }
  return { loader, Component };
}
