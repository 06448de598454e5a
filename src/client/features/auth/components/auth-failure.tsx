import { Alert } from '@mantine/core';
import { failureText } from '#client/lib/failure-text.ts';

/** The server's own words when it sent some; plain words for a lost connection or an outage. */
const authFailureText = (error: unknown) =>
  failureText(
    error,
    'Something went wrong. Please try again later.',
    'Could not reach the server. Please check your connection and try again.',
  );

export function AuthFailure({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert" variant="light">
      {authFailureText(error)}
    </Alert>
  );
}
