import { Alert, Anchor, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, type LoaderFunctionArgs, redirect, useSearchParams } from 'react-router';
import { ListPagination } from '#client/components/list/list-pagination.tsx';
import { SearchBox } from '#client/components/list/search-box.tsx';
import { DashboardPage } from '#client/components/page/dashboard-page.tsx';
import { sessionQuery } from '#client/features/auth/api/session-query.ts';
import { invalidateRecords } from '#client/features/records/api/invalidate-records.ts';
import { TRASH_PAGE_SIZE, trashKind, trashQuery } from '#client/features/trash/api/trash-query.ts';
import { TrashedRecordCard } from '#client/features/trash/components/trashed-record-card.tsx';
import { useRestoreRecord } from '#client/features/trash/components/use-restore-record.ts';
import { listParams } from '#client/lib/list-params.ts';
import { queryClient } from '#client/lib/query-client.ts';
import type { TrashKind } from '#shared/api/trash.ts';

const tabs: { kind: TrashKind; label: string }[] = [
  { kind: 'people', label: 'People' },
  { kind: 'renewals', label: 'Renewals' },
];

// Only administrators may restore; staff are sent back to the dashboard (the server refuses them too).
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await queryClient.fetchQuery(sessionQuery());
  if (!session) return null; // the layout sends signed-out visitors to the login page
  if (session.user.role !== 'admin') throw redirect('/dashboard');
  const { q, page } = listParams(request.url);
  return queryClient.ensureQueryData(trashQuery(trashKind(new URL(request.url).searchParams), q, page));
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const kind = trashKind(params);
  return (
    <DashboardPage title="Trash">
      <Text>
        Deleted people and renewal records, the most recently deleted first. Restoring one puts it back in its
        list.
      </Text>
      <Tabs value={kind} onChange={(next) => setParams(next === 'renewals' ? { kind: next } : {})}>
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.kind} value={tab.kind}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.kind} value={tab.kind} pt="md">
            {tab.kind === kind && <TrashList kind={kind} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </DashboardPage>
  );
}

function TrashList({ kind }: { kind: TrashKind }) {
  const [params] = useSearchParams();
  const { q, page } = listParams(params);
  const { data } = useSuspenseQuery(trashQuery(kind, q, page));
  const client = useQueryClient();
  const { restore, restoringId, failure } = useRestoreRecord(kind, () => invalidateRecords(client, kind));
  const keep: Record<string, string> = kind === 'renewals' ? { kind } : {};
  return (
    <Stack gap="lg">
      <SearchBox
        q={q}
        keep={keep}
        label="Search by name, passport number, nationality, e-Cert number or FIN number"
      />
      <Text role="status">
        {data.items.length === 0
          ? q
            ? `Nothing in the trash matches “${q}”.`
            : 'The trash is empty.'
          : `In the trash: ${data.total.toLocaleString('en')}${q ? ' (Filtered)' : ''}`}{' '}
        {data.items.length === 0 && data.total > 0 && (
          <Anchor component={Link} to={`?${new URLSearchParams(keep)}`} underline="always">
            Back to the first page
          </Anchor>
        )}
      </Text>
      {failure && (
        <Alert color="red.9" variant="outline" role="alert" title="Not restored">
          {failure}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        {data.items.map((record) => (
          <TrashedRecordCard
            key={record.id}
            record={record}
            onRestore={restore}
            restoring={restoringId === record.id}
          />
        ))}
      </SimpleGrid>
      <ListPagination total={data.total} pageSize={TRASH_PAGE_SIZE} page={page} />
    </Stack>
  );
}
