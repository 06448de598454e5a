import { Alert } from '@mantine/core';
import { ApiRequestError } from '#client/lib/api-client.ts';

/** A failed action's message: the server's own words when it sent some, else `fallback`. */
export function FailureAlert({ error, fallback }: { error: Error | null; fallback: string }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert">
      {(error instanceof ApiRequestError && error.body?.message) || fallback}
    </Alert>
  );
}

/** A changed value as a line of text shows it. */
export const shownValue = (value: unknown) =>
  value === null || value === undefined ? '(none)' : JSON.stringify(value);
