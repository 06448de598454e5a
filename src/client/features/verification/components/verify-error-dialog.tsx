import { Trans } from '@lingui/react/macro';
import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useOpenedOnce } from '#client/lib/use-opened-once.ts';

interface VerifyErrorDialogProps {
  message: string | null;
  onClose: () => void;
}

/** The "Oops..." dialog: 400px wide, an error icon, the message and "Try Again". */
export function VerifyErrorDialog({ message, onClose }: VerifyErrorDialogProps) {
  const dialog = useOpenedOnce(message !== null);
  if (!dialog.rendered) return null;
  return (
    <Modal opened={dialog.opened} onClose={onClose} size={400} centered withCloseButton={false}>
      <Stack align="center" ta="center" gap="md" py="sm">
        {/* A white X on a dark red circle: 5.4:1 against the circle, and the circle 5.4:1 against
            the dialog (WCAG 1.4.11 asks 3:1 for the parts of a graphic that carry its meaning). */}
        <ThemeIcon color="red.9" c="white" size={64} radius="xl" variant="filled" aria-hidden>
          <IconX size={40} />
        </ThemeIcon>
        {/* Modal.Title names the dialog (aria-labelledby on its section); the modal has no header. */}
        <Modal.Title fz="h2" fw={700} lh="h2">
          <Trans>Oops...</Trans>
        </Modal.Title>
        <Text>{message}</Text>
        <Button onClick={onClose} data-autofocus>
          <Trans>Try Again</Trans>
        </Button>
      </Stack>
    </Modal>
  );
}
