import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '#client/lib/notify.ts';
import { deleteFailureText, deleteMessages, trashNote, undoFailureText } from '../api/delete-messages.ts';
import { invalidateRecords } from '../api/invalidate-records.ts';
import { deletePerson } from '../api/save-person.ts';
import { deleteRenewal } from '../api/save-renewal.ts';
import { undoDelete } from '../api/undo-delete.ts';
import { DeletedNotice } from './deleted-notice.tsx';

const remove = { person: deletePerson, renewal: deleteRenewal };

interface DeletableRecord {
  id: string;
  name: string;
  finNumber: string;
  eCertNumber: string;
}

/** Long enough to read the line and reach Undo; it stays open while pointed at or focused. */
const UNDO_SHOWN_MS = 10_000;

/**
 * "Delete" on a card: asks first, naming the record, then moves it to the trash and offers Undo.
 * Undo is for whoever deleted, a few minutes at most (administrators restore from the Trash later).
 */
export function useDeleteRecord(kind: 'person' | 'renewal') {
  const queryClient = useQueryClient();
  const texts = deleteMessages[kind];
  const refresh = () => invalidateRecords(queryClient, kind === 'person' ? 'people' : 'renewals');

  const undo = useMutation({
    mutationFn: (record: DeletableRecord) => undoDelete(kind, record.id),
    onSuccess: (_, record) => {
      notify.success(`${record.name} is back.`);
      return refresh();
    },
    onError: (error) => notify.error(undoFailureText(error)),
  });
  const mutation = useMutation({
    mutationFn: (record: DeletableRecord) => remove[kind](record.id),
    onSuccess: async (_, record) => {
      const id = `deleted-${record.id}`;
      const onUndo = () => {
        notify.hide(id);
        undo.mutate(record);
      };
      notify.success(<DeletedNotice text={texts.success} onUndo={onUndo} />, {
        id,
        autoClose: UNDO_SHOWN_MS,
      });
      await refresh();
    },
    onError: (error) => notify.error(deleteFailureText(error, kind)),
  });

  const confirmDelete = (record: DeletableRecord) =>
    modals.openConfirmModal({
      title: kind === 'person' ? 'Delete person' : 'Delete renewal',
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      children: (
        <Stack gap="xs">
          <Text>{texts.confirm}</Text>
          <Text>{trashNote(record)}</Text>
        </Stack>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red.9' },
      onConfirm: () => mutation.mutate(record),
    });

  return { confirmDelete, deletingId: mutation.isPending ? mutation.variables?.id : undefined };
}
