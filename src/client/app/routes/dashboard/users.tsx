import { useSuspenseQuery } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { DashboardPage } from '#client/components/page/dashboard-page.tsx';
import { sessionQuery } from '#client/features/auth/api/session-query.ts';
import { BackupDownload } from '#client/features/backup/components/backup-download.tsx';
import { usersQuery } from '#client/features/users/api/users-api.ts';
import { NewUserForm } from '#client/features/users/components/new-user-form.tsx';
import { UsersTable } from '#client/features/users/components/users-table.tsx';
import { queryClient } from '#client/lib/query-client.ts';

// Staff without the admin role never see this page (the server refuses them as well).
export async function loader() {
  const session = await queryClient.fetchQuery(sessionQuery());
  if (!session) return null; // the layout sends signed-out visitors to the login page
  if (session.user.role !== 'admin') throw redirect('/dashboard');
  return queryClient.ensureQueryData(usersQuery());
}

export function Component() {
  const { data: users } = useSuspenseQuery(usersQuery());
  const { data: session } = useSuspenseQuery(sessionQuery());
  return (
    <DashboardPage title="Users">
      <UsersTable users={users} currentUserId={session?.user.id ?? ''} />
      <NewUserForm />
      <BackupDownload />
    </DashboardPage>
  );
}
