import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '#client/lib/notify.ts';
import { exportChosenPeople, revokePeople, trashPeople } from '../api/bulk-people.ts';
import { invalidateRecords } from '../api/invalidate-records.ts';
import { saveFailureText } from '../api/submit-messages.ts';
import { RevokeForm } from './revocation-button.tsx';

const people = (n: number) => (n === 1 ? '1 person' : `${n.toLocaleString('en')} people`);

interface BulkActionsProps {
  chosen: string[];
  onDone: () => void;
}

/**
 * What staff do to the people chosen in the table, each in one request for all of them: export
 * them as CSV, revoke them with one reason, or move them to the trash. The server changes all of
 * them or none, and says why when it refuses.
 */
export function BulkActions({ chosen, onDone }: BulkActionsProps) {
  const queryClient = useQueryClient();
  const afterChange = (text: string) => async () => {
    notify.success(text);
    onDone();
    await invalidateRecords(queryClient, 'people');
  };
  const trash = useMutation({
    mutationFn: trashPeople,
    onSuccess: ({ count }) => afterChange(`${people(count)} moved to the Trash.`)(),
    onError: (error) => notify.error(saveFailureText(error)),
  });
  const revoke = useMutation({
    mutationFn: revokePeople,
    onSuccess: ({ count }) => afterChange(`${people(count)} revoked.`)(),
    onError: (error) => notify.error(saveFailureText(error)),
  });
  const download = useMutation({
    mutationFn: exportChosenPeople,
    onError: (error) => notify.error(saveFailureText(error)),
  });
  const busy = trash.isPending || revoke.isPending || download.isPending;
  const n = chosen.length;

  const confirmTrash = () =>
    modals.openConfirmModal({
      title: `Delete ${people(n)}`,
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      children: (
        <Text>{`${people(n)} will go to the Trash, from which an administrator can restore them.`}</Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red.9' },
      onConfirm: () => trash.mutate(chosen),
    });
  const askReason = () =>
    modals.open({
      title: `Revoke ${people(n)}`,
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      children: (
        <RevokeForm
          note="Each record stays visible, marked revoked with this reason, and its signed credentials show as revoked within a minute."
          onSubmit={(reason) => revoke.mutate({ ids: chosen, reason })}
        />
      ),
    });

  return (
    <Group gap="sm" role="group" aria-label="Chosen people">
      <Text fw={700} role="status">
        {people(n)} chosen
      </Text>
      <Button size="xs" variant="outline" onClick={() => download.mutate(chosen)} disabled={busy}>
        Export chosen
      </Button>
      <Button size="xs" variant="outline" color="red.9" onClick={askReason} disabled={busy}>
        Revoke chosen
      </Button>
      <Button size="xs" color="red.9" onClick={confirmTrash} disabled={busy}>
        Delete chosen
      </Button>
      <Button size="xs" variant="subtle" onClick={onDone} disabled={busy}>
        Clear choice
      </Button>
    </Group>
  );
}
