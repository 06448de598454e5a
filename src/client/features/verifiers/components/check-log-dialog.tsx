import { Loader, Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { VerifierView } from '#shared/api/verifiers.ts';
import { checkLogQuery } from '../api/verifiers-api.ts';
import { CheckLogTable } from './check-log-table.tsx';
import { failureText } from './failure-text.ts';

/** A verifier's latest checks, opened from its row on the Verifiers screen. */
export function CheckLogDialog({ verifier, onClose }: { verifier: VerifierView; onClose: () => void }) {
  const log = useQuery(checkLogQuery({ verifierId: verifier.id }));
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Checks by ${verifier.companyName}`}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {log.data ? (
        <CheckLogTable entries={log.data} caption="The latest 200 checks, newest first" />
      ) : log.error ? (
        failureText(log.error, 'The checks could not be loaded.')
      ) : (
        <Loader aria-label="Loading checks" />
      )}
    </Modal>
  );
}
