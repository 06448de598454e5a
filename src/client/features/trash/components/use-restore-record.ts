import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '#client/lib/failure-text.ts';
import { notify } from '#client/lib/notify.ts';
import type { TrashedRecord, TrashKind } from '#shared/api/trash.ts';
import { restoreRecord } from '../api/trash-query.ts';

/** Why a restore failed, in the server's words when it gave some (a taken pair is a 409). */
const restoreFailureText = (error: unknown) =>
  failureText(error, 'The record could not be restored. Please try again.');

/**
 * "Restore": brings a record back, says so in a toast, and refreshes whatever `onRestored` names.
 * A refusal stays on the page (`failure`) next to the list, where the administrator is looking.
 */
export function useRestoreRecord(kind: TrashKind, onRestored: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (record: TrashedRecord) => restoreRecord({ kind, id: record.id }),
    onMutate: () => setFailure(null),
    onSuccess: async (_, record) => {
      notify.success(`${record.name} was restored.`);
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['trash'] }), onRestored()]);
    },
    onError: (error) => setFailure(restoreFailureText(error)),
  });
  return {
    restore: (record: TrashedRecord) => mutation.mutate(record),
    restoringId: mutation.isPending ? mutation.variables?.id : undefined,
    failure,
  };
}
