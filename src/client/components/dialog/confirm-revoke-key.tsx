import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** Asks before an API key (staff's or a verifier's) is revoked: a revoked key cannot come back. */
export function confirmRevokeKey(name: string, onConfirm: () => void) {
  modals.openConfirmModal({
    title: 'Revoke API key',
    centered: true,
    closeButtonProps: { 'aria-label': 'Close' },
    children: <Text>Systems using “{name}” are refused from now on. This cannot be undone.</Text>,
    labels: { confirm: 'Revoke', cancel: 'Cancel' },
    confirmProps: { color: 'red.9' },
    onConfirm,
  });
}
