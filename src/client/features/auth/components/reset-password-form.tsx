import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { NewPasswordInput } from '#client/components/form/new-password-input.tsx';
import { focusFirstError } from '#client/lib/focus-first-error.ts';
import { validateWith } from '#client/lib/zod-form.ts';
import { passwordResetInput } from '#shared/api/password-reset.ts';
import { resetPassword } from '../api/password-reset.ts';
import { AuthFailure } from './auth-failure.tsx';

const passwordOnly = passwordResetInput.pick({ password: true });

/** Sets a new password with an administrator's one-time link. */
export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const form = useForm({ initialValues: { password: '' }, validate: validateWith(passwordOnly) });
  const mutation = useMutation({ mutationFn: (password: string) => resetPassword({ token, password }) });

  if (mutation.isSuccess) {
    return (
      <Stack maw={420}>
        <Alert color="green" role="status" variant="light">
          Your password has been changed, and any session signed in with the old one has ended.
        </Alert>
        <Anchor component={Link} to="/login" underline="always" w="fit-content">
          Go to the login page
        </Anchor>
      </Stack>
    );
  }
  return (
    <form noValidate onSubmit={form.onSubmit(({ password }) => mutation.mutate(password), focusFirstError)}>
      <Stack maw={420}>
        <Text>Choose a new password for {email}.</Text>
        {/* Lets a password manager save the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordInput
          label="New password"
          required
          {...form.getInputProps('password')}
          personal={[email]}
        />
        <Button type="submit" disabled={mutation.isPending} w="fit-content">
          {mutation.isPending ? 'Saving...' : 'Set new password'}
        </Button>
        <AuthFailure error={mutation.error} />
      </Stack>
    </form>
  );
}
