import { useSuspenseQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { staffLoader } from '#client/features/auth/api/staff-loader.ts';
import { RENEWALS_PAGE_SIZE, renewalsQuery } from '#client/features/records/api/renewals-query.ts';
import { RecordsList } from '#client/features/records/components/records-list.tsx';
import { RenewalCard } from '#client/features/records/components/renewal-card.tsx';
import { useDeleteRecord } from '#client/features/records/components/use-delete-record.tsx';
import { listParams } from '#client/lib/list-params.ts';
import { queryClient } from '#client/lib/query-client.ts';

export const loader = staffLoader(({ request }: LoaderFunctionArgs) => {
  const { q, page } = listParams(request.url);
  return queryClient.ensureQueryData(renewalsQuery(q, page));
});

export function Component() {
  const [params] = useSearchParams();
  const { q, page } = listParams(params);
  const { data } = useSuspenseQuery(renewalsQuery(q, page));
  const { confirmDelete, deletingId } = useDeleteRecord('renewal');
  return (
    <RecordsList title="Renew Peoples" q={q} page={page} pageSize={RENEWALS_PAGE_SIZE} data={data}>
      {(renewal) => (
        <RenewalCard
          key={renewal.id}
          renewal={renewal}
          onDelete={confirmDelete}
          deleting={deletingId === renewal.id}
        />
      )}
    </RecordsList>
  );
}
