import { Alert } from '@mantine/core';
import { singleSignOnFailure } from '#shared/api/single-sign-on.ts';

/** Why a sign-in through the provider came back refused, from the code it came back with. */
export function SingleSignOnFailure({ code, provider }: { code: string | null; provider: string }) {
  if (!code) return null;
  return (
    <Alert color="red" role="alert" variant="light" mb="lg" maw={420}>
      {singleSignOnFailure(code, provider)}
    </Alert>
  );
}
