import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '#client/lib/notify.ts';
import { deleteFailureText, deleteMessages } from '../api/delete-messages.ts';
import { invalidateRecords } from '../api/invalidate-records.ts';
import { deletePerson } from '../api/save-person.ts';
import { deleteRenewal } from '../api/save-renewal.ts';

const remove = { person: deletePerson, renewal: deleteRenewal };

/** "Delete" on a card: asks first, then moves the record to the trash and says how it went. */
export function useDeleteRecord(kind: 'person' | 'renewal') {
  const queryClient = useQueryClient();
  const texts = deleteMessages[kind];
  const mutation = useMutation({
    mutationFn: remove[kind],
    onSuccess: async () => {
      notify.success(texts.success);
      await invalidateRecords(queryClient, kind === 'person' ? 'people' : 'renewals');
    },
    onError: (error) => notify.error(deleteFailureText(error, kind)),
  });

  const confirmDelete = (id: string) =>
    modals.openConfirmModal({
      title: kind === 'person' ? 'Delete person' : 'Delete renewal',
      centered: true,
      closeButtonProps: { 'aria-label': 'Close' },
      children: <Text>{texts.confirm}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red.9' },
      onConfirm: () => mutation.mutate(id),
    });

  return { confirmDelete, deletingId: mutation.isPending ? mutation.variables : undefined };
}
