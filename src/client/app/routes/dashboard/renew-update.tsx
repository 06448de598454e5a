import { useSuspenseQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { DashboardPage } from '#client/components/page/dashboard-page.tsx';
import { staffLoader } from '#client/features/auth/api/staff-loader.ts';
import { recordQuery } from '#client/features/records/api/records-query.ts';
import { RenewalForm } from '#client/features/records/components/renewal-form.tsx';
import { queryClient } from '#client/lib/query-client.ts';

// The record is loaded before the page renders, so the form starts filled in.
export const loader = staffLoader(({ params }: LoaderFunctionArgs) =>
  queryClient.ensureQueryData(recordQuery('renewals', params.id ?? '')),
);

export function Component() {
  const { id = '' } = useParams();
  const { data: renewal } = useSuspenseQuery(recordQuery('renewals', id));
  return (
    <DashboardPage title="Update Renewal">
      <RenewalForm key={renewal.id} renewal={renewal} />
    </DashboardPage>
  );
}
