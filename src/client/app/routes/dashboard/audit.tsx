import { Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { ListPagination } from '#client/components/list/list-pagination.tsx';
import { DashboardPage } from '#client/components/page/dashboard-page.tsx';
import { AUDIT_PAGE_SIZE, auditQuery } from '#client/features/audit/api/audit-query.ts';
import { AuditTable } from '#client/features/audit/components/audit-table.tsx';
import { staffLoader } from '#client/features/auth/api/staff-loader.ts';
import { listParams } from '#client/lib/list-params.ts';
import { queryClient } from '#client/lib/query-client.ts';

export const loader = staffLoader(({ request }: LoaderFunctionArgs) =>
  queryClient.ensureQueryData(auditQuery(listParams(request.url).page)),
);

export function Component() {
  const [params] = useSearchParams();
  const { page } = listParams(params);
  const { data } = useSuspenseQuery(auditQuery(page));
  return (
    <DashboardPage title="Audit trail">
      <Text>Every change to people, renewals and users, newest first. Total: {data.total}</Text>
      <AuditTable events={data.items} />
      <ListPagination total={data.total} pageSize={AUDIT_PAGE_SIZE} page={page} />
    </DashboardPage>
  );
}
