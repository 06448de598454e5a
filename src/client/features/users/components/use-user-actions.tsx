import { List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '#client/lib/failure-text.ts';
import { notify } from '#client/lib/notify.ts';
import type { Role } from '#shared/api/auth.ts';
import type { PasswordResetLinkView, UserView } from '#shared/api/users.ts';
import { createResetLink, deleteUser, updateUser } from '../api/users-api.ts';

const confirm = (title: string, text: string, confirmLabel: string, onConfirm: () => void) =>
  modals.openConfirmModal({
    title,
    centered: true,
    closeButtonProps: { 'aria-label': 'Close' },
    children: <Text>{text}</Text>,
    labels: { confirm: confirmLabel, cancel: 'Cancel' },
    confirmProps: { color: 'red.9' },
    onConfirm,
  });

/** What the admin-only routes of the staff API let an administrator do, in their words. */
const ADMINISTRATOR_POWERS = [
  'add users, ban them, delete them and make them administrators',
  'make password reset links for any account',
  'create and revoke API keys',
  'download a backup of every record',
  'reinstate revoked e-Certs and restore or empty the Trash',
];

const confirmAdministrator = (user: UserView, onConfirm: () => void) =>
  modals.openConfirmModal({
    title: `Make ${user.name} an administrator?`,
    centered: true,
    closeButtonProps: { 'aria-label': 'Close' },
    children: (
      <Stack gap="xs">
        <Text>{`${user.name} (${user.email}) will be able to do everything staff do, and also:`}</Text>
        <List>
          {ADMINISTRATOR_POWERS.map((power) => (
            <List.Item key={power}>{power}</List.Item>
          ))}
        </List>
      </Stack>
    ),
    labels: { confirm: 'Make administrator', cancel: 'Cancel' },
    confirmProps: { color: 'red.9' },
    onConfirm,
  });

/** What an administrator does to one account on the Users page, each through /api/users. */
export function useUserActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users'] });
  const [resetLink, setResetLink] = useState<{ user: UserView; link: PasswordResetLinkView } | null>(null);

  const change = useMutation({
    mutationFn: ({ user, ...patch }: { user: UserView; role?: Role; banned?: boolean }) =>
      updateUser({ id: user.id, ...patch }),
    onSuccess: (updated, { role, banned }) => {
      if (role) notify.success(`Role of ${updated.email} updated`);
      else notify.success(banned ? `${updated.email} is banned` : `${updated.email} can sign in again`);
      return refresh();
    },
    onError: (error) => notify.error(failureText(error, 'Failed to update the user.')),
  });
  const removal = useMutation({
    mutationFn: (user: UserView) => deleteUser(user.id),
    onSuccess: (_, user) => {
      notify.success(`User ${user.email} deleted`);
      return refresh();
    },
    onError: (error) => notify.error(failureText(error, 'Failed to delete the user.')),
  });
  const linkMaking = useMutation({
    mutationFn: (user: UserView) => createResetLink(user.id),
    onSuccess: (link, user) => setResetLink({ user, link }),
    onError: (error) => notify.error(failureText(error, 'Failed to make a reset link.')),
  });

  return {
    busy: change.isPending || removal.isPending || linkMaking.isPending,
    changeRole: (user: UserView, role: Role) =>
      role === 'admin'
        ? confirmAdministrator(user, () => change.mutate({ user, role }))
        : change.mutate({ user, role }),
    ban: (user: UserView) =>
      user.banned
        ? change.mutate({ user, banned: false })
        : confirm(
            `Ban ${user.name}`,
            `${user.name} (${user.email}) is signed out everywhere at once and cannot sign in until unbanned.`,
            'Ban',
            () => change.mutate({ user, banned: true }),
          ),
    remove: (user: UserView) =>
      confirm(
        'Delete user',
        `Are you sure you want to delete the account of ${user.email}? This cannot be undone; the audit trail keeps who they were.`,
        'Delete',
        () => removal.mutate(user),
      ),
    makeResetLink: (user: UserView) => linkMaking.mutate(user),
    resetLink,
    closeResetLink: () => setResetLink(null),
  };
}
