import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { staffLoader } from '#client/features/auth/api/staff-loader.ts';
import {
  RECORDS_PAGE_SIZE,
  type RecordKind,
  type RecordTypes,
  recordsQuery,
} from '#client/features/records/api/records-query.ts';
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
  card: (item: Item<K>, actions: { onDelete: (id: string) => void; deleting: boolean }) => ReactNode;
}

/**
 * A dashboard list of records as cards (Renew Peoples): its loader and its page, from the URL's q
 * and page. Peoples has its own route, with filters and a table (app/routes/dashboard/peoples.tsx).
 */
export function recordsListRoute<K extends RecordKind>({
  kind,
  title,
  deletes,
  importPath,
  card,
}: RecordsListRoute<K>) {
  const loader = staffLoader(({ request }: LoaderFunctionArgs) => {
    const { q, page } = listParams(request.url);
    return queryClient.ensureQueryData(recordsQuery(kind, q, page));
  });

  function Component() {
    const [params] = useSearchParams();
    const { q, page } = listParams(params);
    const { data } = useSuspenseQuery(recordsQuery(kind, q, page));
    const { confirmDelete, deletingId } = useDeleteRecord(deletes);
    const exportQuery = new URLSearchParams(q ? { q } : {}).toString();
    return (
      <RecordsList
        title={title}
        q={q}
        page={page}
        pageSize={RECORDS_PAGE_SIZE}
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
