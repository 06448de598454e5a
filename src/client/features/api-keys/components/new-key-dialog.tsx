import { Alert } from '@mantine/core';
import { ShownOnceDialog } from '#client/components/dialog/shown-once-dialog.tsx';
import type { CreatedApiKey } from '#shared/api/api-keys.ts';

/** Shows a new key the one time it is ever shown: the portal keeps only its hash. */
export function NewKeyDialog({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  return (
    <ShownOnceDialog
      title={`API key “${created.name}”`}
      notice={
        <Alert color="yellow.9" variant="light">
          Copy this key now and store it in the system that uses it. It is not shown again.
        </Alert>
      }
      label="API key"
      value={created.key}
      copyLabel="Copy key"
      onClose={onClose}
    />
  );
}
