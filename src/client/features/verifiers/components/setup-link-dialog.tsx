import { Button, Modal, Stack, Text } from '@mantine/core';
import { CopyField } from '#client/components/form/copy-field.tsx';
import { formatDateTime } from '#client/lib/format-date-time.ts';
import type { PasswordResetLinkView } from '#shared/api/users.ts';

interface SetupLinkDialogProps {
  verifier: { contactName: string; email: string };
  link: PasswordResetLinkView;
  onClose: () => void;
}

/** Shows a verifier's set-up link once, to hand to its contact person: the portal sends no email. */
export function SetupLinkDialog({ verifier, link, onClose }: SetupLinkDialogProps) {
  return (
    <Modal opened onClose={onClose} title="Set-up link" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>
          Give this link to {verifier.contactName} ({verifier.email}). It works once, until{' '}
          {formatDateTime(link.expiresAt)}: they set a password with it, then sign in and turn on two-factor
          sign-in.
        </Text>
        <CopyField label="Set-up link" value={link.url}>
          <Button onClick={onClose} data-autofocus>
            Done
          </Button>
        </CopyField>
      </Stack>
    </Modal>
  );
}
