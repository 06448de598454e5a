import { useSuspenseQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { DashboardPage } from '#client/components/page/dashboard-page.tsx';
import { staffLoader } from '#client/features/auth/api/staff-loader.ts';
import { recordQuery } from '#client/features/records/api/records-query.ts';
import { PersonForm } from '#client/features/records/components/person-form.tsx';
import { RecordChecks } from '#client/features/verifiers/components/record-checks.tsx';
import { queryClient } from '#client/lib/query-client.ts';

// The record is loaded before the page renders, so the form starts filled in.
export const loader = staffLoader(({ params }: LoaderFunctionArgs) =>
  queryClient.ensureQueryData(recordQuery('people', params.id ?? '')),
);

export function Component() {
  const { id = '' } = useParams();
  const { data: person } = useSuspenseQuery(recordQuery('people', id));
  return (
    <DashboardPage title="Update Person">
      <PersonForm key={person.id} person={person} />
      <RecordChecks personId={person.id} />
    </DashboardPage>
  );
}
