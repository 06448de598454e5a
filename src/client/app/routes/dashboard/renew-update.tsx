import { useSuspenseQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { DashboardPage } from '#client/components/page/dashboard-page.tsx';
import { staffLoader } from '#client/features/auth/api/staff-loader.ts';
import { renewalQuery } from '#client/features/records/api/renewals-query.ts';
import { RenewalForm } from '#client/features/records/components/renewal-form.tsx';
import { queryClient } from '#client/lib/query-client.ts';

// The record is loaded before the page renders, so the form starts filled in.
export const loader = staffLoader(({ params }: LoaderFunctionArgs) =>
  queryClient.ensureQueryData(renewalQuery(params.id ?? '')),
);

export function Component() {
  const { id = '' } = useParams();
  const { data: renewal } = useSuspenseQuery(renewalQuery(id));
  return (
    <DashboardPage title="Update Renewal">
      <RenewalForm key={renewal.id} renewal={renewal} />
    </DashboardPage>
  );
}
