import { Alert } from '@mantine/core';

/** Why a form's request failed, announced as it appears; nothing while it has not failed. */
export function FailureAlert({ failure }: { failure: string | null | undefined }) {
  if (!failure) return null;
  return (
    <Alert color="red" role="alert">
      {failure}
    </Alert>
  );
}
