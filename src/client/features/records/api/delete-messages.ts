import { ApiRequestError } from '#client/lib/api-client.ts';
import { failureText } from '#client/lib/failure-text.ts';

/** The confirmation texts word for word, then what the dialog adds: whom, and that it goes to the Trash. */
export const deleteMessages = {
  person: {
    confirm: 'Are you sure you want to delete this person?',
    success: 'Person deleted successfully',
    failed: 'Failed to delete person',
    network: 'An error occurred while deleting the person.',
  },
  renewal: {
    confirm: 'Are you sure you want to delete this renewal?',
    success: 'Renewal deleted successfully',
    failed: 'Failed to delete renewal',
    network: 'An error occurred while deleting the renewal.',
  },
} as const;

export const deleteFailureText = (error: unknown, kind: keyof typeof deleteMessages) =>
  error instanceof ApiRequestError && error.status !== 0
    ? deleteMessages[kind].failed
    : deleteMessages[kind].network;

export const trashNote = (record: { name: string; finNumber: string; eCertNumber: string }) =>
  `${record.name} (FIN No ${record.finNumber}, e-Cert No ${record.eCertNumber}) goes to the Trash, ` +
  'from which an administrator can restore it.';

export const undoFailureText = (error: unknown) =>
  failureText(error, 'Could not undo the deletion. An administrator can restore the record from the Trash.');
