import { Alert } from '@mantine/core';
import { ApiRequestError } from '#client/lib/api-client.ts';

/** The server's own words when it sent some; plain words for a lost connection or an outage. */
function authFailureText(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 0) return 'Could not reach the server. Please check your connection and try again.';
    if (error.body?.message) return error.body.message;
  }
  return 'Something went wrong. Please try again later.';
}

export function AuthFailure({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert" variant="light">
      {authFailureText(error)}
    </Alert>
  );
}
