import { Modal } from '@mantine/core';
import type { VerifierView } from '#shared/api/verifiers.ts';
import { CheckLog } from './check-log.tsx';

/** A verifier's checks, opened from its row on the Verifiers screen. */
export function CheckLogDialog({ verifier, onClose }: { verifier: VerifierView; onClose: () => void }) {
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Checks by ${verifier.companyName}`}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <CheckLog of={{ verifierId: verifier.id }} caption="Checks by this verifier, newest first" />
    </Modal>
  );
}
