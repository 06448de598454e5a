import { Badge, Button, Group, NativeSelect, Table, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { ColumnHeads } from '#client/components/table/column-heads.tsx';
import { ScrollTable } from '#client/components/table/scroll-table.tsx';
import { GREEN_BADGE, RED_BADGE } from '#client/lib/badge-colors.ts';
import { type Role, roles } from '#shared/api/auth.ts';
import type { UserView } from '#shared/api/users.ts';
import { EditUserDialog } from './edit-user-dialog.tsx';
import { ResetLinkDialog } from './reset-link-dialog.tsx';
import { useUserActions } from './use-user-actions.tsx';

/**
 * Staff accounts. An administrator cannot demote, ban or delete their own account from here (nor
 * through the API), so the portal always keeps one administrator.
 */
export function UsersTable({ users, currentUserId }: { users: UserView[]; currentUserId: string }) {
  const actions = useUserActions();
  const [editing, setEditing] = useState<UserView | null>(null);

  return (
    <>
      <ScrollTable label="Users" minWidth={820}>
        <Table striped withTableBorder>
          <ColumnHeads names={['Name', 'Email', 'Role', 'Status', 'Actions']} />
          <Table.Tbody>
            {users.map((user) => {
              const self = user.id === currentUserId;
              // Every row has the same buttons: their names say whose they are.
              const whose = <VisuallyHidden> {user.email}</VisuallyHidden>;
              return (
                <Table.Tr key={user.id}>
                  <Table.Td>{user.name}</Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>
                    <NativeSelect
                      aria-label={`Role of ${user.email}`}
                      data={[...roles]}
                      value={user.role}
                      disabled={self || actions.busy}
                      onChange={(event) => actions.changeRole(user, event.currentTarget.value as Role)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Badge color={user.banned ? RED_BADGE : GREEN_BADGE}>
                      {user.banned ? 'Banned' : 'Active'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="outline" onClick={() => setEditing(user)}>
                        Edit
                        {whose}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        disabled={user.banned || actions.busy}
                        onClick={() => actions.makeResetLink(user)}
                      >
                        Reset link
                        {whose}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        color="red.9"
                        disabled={self || actions.busy}
                        onClick={() => actions.ban(user)}
                      >
                        {user.banned ? 'Unban' : 'Ban'}
                        {whose}
                      </Button>
                      <Button
                        size="xs"
                        color="red.9"
                        disabled={self || actions.busy}
                        onClick={() => actions.remove(user)}
                      >
                        Delete
                        {whose}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} />}
      {actions.resetLink && (
        <ResetLinkDialog
          user={actions.resetLink.user}
          link={actions.resetLink.link}
          onClose={actions.closeResetLink}
        />
      )}
    </>
  );
}
