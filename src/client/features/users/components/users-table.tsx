import { Button, NativeSelect, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { type Role, roles } from '#shared/api/auth.ts';
import type { UserView } from '#shared/api/users.ts';
import { changeRole, deleteUser } from '../api/users-api.ts';

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError && error.body?.message ? error.body.message : fallback;

/** Staff accounts; an administrator cannot demote or delete their own account from here. */
export function UsersTable({ users, currentUserId }: { users: UserView[]; currentUserId: string }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users'] });
  const roleChange = useMutation({
    mutationFn: changeRole,
    onSuccess: () => {
      notify.success('Role updated');
      return refresh();
    },
    onError: (error) => notify.error(failure(error, 'Failed to update the role.')),
  });
  const removal = useMutation({
    mutationFn: deleteUser,
    onSuccess: () => {
      notify.success('User deleted');
      return refresh();
    },
    onError: (error) => notify.error(failure(error, 'Failed to delete the user.')),
  });
  const confirmDelete = (user: UserView) =>
    modals.openConfirmModal({
      title: 'Delete user',
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      children: <Text>Are you sure you want to delete the account of {user.email}?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red.9' },
      onConfirm: () => removal.mutate(user.id),
    });

  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const self = user.id === currentUserId;
            return (
              <Table.Tr key={user.id}>
                <Table.Td>{user.name}</Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>
                  <NativeSelect
                    aria-label={`Role of ${user.email}`}
                    data={[...roles]}
                    value={user.role}
                    disabled={self || roleChange.isPending}
                    onChange={(event) =>
                      roleChange.mutate({ id: user.id, role: event.currentTarget.value as Role })
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    color="red.9"
                    disabled={self || removal.isPending}
                    onClick={() => confirmDelete(user)}
                  >
                    Delete
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
