import { ApiRequestError } from '#client/lib/api-client.ts';

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
