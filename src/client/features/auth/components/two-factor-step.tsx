import { Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { verifyTwoFactor } from '../api/two-factor.ts';
import { AuthFailure } from './auth-failure.tsx';

/** Sign-in's second step for a user with two-factor on: a code from the app, or a backup code. */
export function TwoFactorStep({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [code, setCode] = useState('');
  const [backup, setBackup] = useState(false);
  const mutation = useMutation({
    mutationFn: () => verifyTwoFactor(code.trim(), backup),
    onSuccess: onSignedIn,
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        mutation.mutate();
      }}
    >
      <Stack maw={420}>
        <TextInput
          label={backup ? 'Backup code' : 'Code from your authenticator app'}
          autoComplete="one-time-code"
          required
          data-autofocus
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Checkbox
          label="Use a backup code instead"
          checked={backup}
          onChange={(event) => setBackup(event.currentTarget.checked)}
        />
        <Button type="submit" disabled={!code.trim() || mutation.isPending} w="fit-content">
          Verify
        </Button>
        <AuthFailure error={mutation.error} />
      </Stack>
    </form>
  );
}
