import { Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { startSingleSignOn } from '../api/single-sign-on.ts';
import { AuthFailure } from './auth-failure.tsx';

/**
 * "Sign in with Contoso": the portal sets the sign-in's state cookie on this browser, then the
 * browser goes to the provider, which sends it back to the portal signed in.
 */
export function SingleSignOnButton({ name, redirectTo }: { name: string; redirectTo: string }) {
  const mutation = useMutation({
    mutationFn: () => startSingleSignOn(redirectTo),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  // Stays busy once it succeeded: the browser is leaving for the provider's page.
  const busy = mutation.isPending || mutation.isSuccess;
  return (
    <Stack maw={420}>
      <Button onClick={() => mutation.mutate()} disabled={busy} w="fit-content">
        {busy ? `Opening ${name}...` : `Sign in with ${name}`}
      </Button>
      <AuthFailure error={mutation.error} />
    </Stack>
  );
}
