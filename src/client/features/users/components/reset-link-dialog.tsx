import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
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
    <Modal
      opened
      onClose={onClose}
      title="Password reset link"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text>
          Give this link to {user.name} ({user.email}). It works once, until {formatDateTime(link.expiresAt)},
          and replaces any earlier link. Setting the new password signs {user.name} out everywhere.
        </Text>
        <TextInput
          label="Reset link"
          value={link.url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group justify="flex-end">
          <CopyButton value={link.url}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy} aria-live="polite">
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose} data-autofocus>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
