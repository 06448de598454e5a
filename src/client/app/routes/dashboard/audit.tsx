import { Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { ListPagination } from '#client/components/list/list-pagination.tsx';
import { DashboardPage } from '#client/components/page/dashboard-page.tsx';
import { AUDIT_PAGE_SIZE, auditQuery, readAuditParams } from '#client/features/audit/api/audit-query.ts';
import { AuditFilters } from '#client/features/audit/components/audit-filters.tsx';
import { AuditTable } from '#client/features/audit/components/audit-table.tsx';
import { staffLoader } from '#client/features/auth/api/staff-loader.ts';
import { queryClient } from '#client/lib/query-client.ts';

export const loader = staffLoader(({ request }: LoaderFunctionArgs) => {
  const { page, filters } = readAuditParams(request.url);
  return queryClient.ensureQueryData(auditQuery(page, filters));
});

export function Component() {
  const [params] = useSearchParams();
  const { page, filters } = readAuditParams(params);
  const { data } = useSuspenseQuery(auditQuery(page, filters));
  return (
    <DashboardPage title="Audit trail">
      <Text>
        Every change to people, renewals and users, newest first; an import or an action on chosen records is
        one line that opens to its records. Lines: {data.total.toLocaleString('en')}
      </Text>
      <AuditFilters filters={filters} />
      <AuditTable events={data.items} />
      <ListPagination total={data.total} pageSize={AUDIT_PAGE_SIZE} page={page} />
    </DashboardPage>
  );
}
