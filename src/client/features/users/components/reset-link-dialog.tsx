import { Text } from '@mantine/core';
import { ShownOnceDialog } from '#client/components/dialog/shown-once-dialog.tsx';
import { formatDateTime } from '#client/lib/format-date-time.ts';
import type { PasswordResetLinkView, UserView } from '#shared/api/users.ts';

interface ResetLinkDialogProps {
  user: UserView;
  link: PasswordResetLinkView;
  onClose: () => void;
}

/**
 * Shows a new password reset link once, to hand to its user (in person, by chat, by the
 * organisation's own mail): the portal sends no email itself.
 */
export function ResetLinkDialog({ user, link, onClose }: ResetLinkDialogProps) {
  return (
    <ShownOnceDialog
      title="Password reset link"
      notice={
        <Text>
          Give this link to {user.name} ({user.email}). It works once, until {formatDateTime(link.expiresAt)},
          and replaces any earlier link. Setting the new password signs {user.name} out everywhere.
        </Text>
      }
      label="Reset link"
      value={link.url}
      copyLabel="Copy link"
      onClose={onClose}
    />
  );
}
