import { useSuspenseQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { staffLoader } from '#client/features/auth/api/staff-loader.ts';
import { PEOPLE_PAGE_SIZE, peopleQuery } from '#client/features/records/api/people-query.ts';
import { PersonCard } from '#client/features/records/components/person-card.tsx';
import { RecordsList } from '#client/features/records/components/records-list.tsx';
import { useDeleteRecord } from '#client/features/records/components/use-delete-record.tsx';
import { listParams } from '#client/lib/list-params.ts';
import { queryClient } from '#client/lib/query-client.ts';

export const loader = staffLoader(({ request }: LoaderFunctionArgs) => {
  const { q, page } = listParams(request.url);
  return queryClient.ensureQueryData(peopleQuery(q, page));
});

export function Component() {
  const [params] = useSearchParams();
  const { q, page } = listParams(params);
  const { data } = useSuspenseQuery(peopleQuery(q, page));
  const { confirmDelete, deletingId } = useDeleteRecord('person');
  return (
    <RecordsList title="Peoples" q={q} page={page} pageSize={PEOPLE_PAGE_SIZE} data={data}>
      {(person) => (
        <PersonCard
          key={person.id}
          person={person}
          onDelete={confirmDelete}
          deleting={deletingId === person.id}
        />
      )}
    </RecordsList>
  );
}
