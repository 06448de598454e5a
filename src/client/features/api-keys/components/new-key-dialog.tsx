import { Alert, Button, CopyButton, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { CreatedApiKey } from '#shared/api/api-keys.ts';

/** Shows a new key the one time it is ever shown: the portal keeps only its hash. */
export function NewKeyDialog({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  return (
    <Modal
      opened
      onClose={onClose}
      title={`API key “${created.name}”`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Alert color="yellow.9" variant="light">
          Copy this key now and store it in the system that uses it. It is not shown again.
        </Alert>
        <TextInput
          label="API key"
          value={created.key}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group justify="flex-end">
          <CopyButton value={created.key}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy} aria-live="polite">
                {copied ? 'Copied' : 'Copy key'}
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
