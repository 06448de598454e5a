import { Alert, Button, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { NewPasswordInput } from '#client/components/form/new-password-input.tsx';
import { AuthFailure } from '#client/features/auth/components/auth-failure.tsx';
import { focusFirstError } from '#client/lib/focus-first-error.ts';
import { validateWith } from '#client/lib/zod-form.ts';
import { type ChangePasswordInput, changePasswordInput } from '#shared/api/auth.ts';
import { changePassword } from '../api/account-api.ts';

/** One's own password, under the portal's password rule; other sessions end. */
export function ChangePasswordForm() {
  const form = useForm<ChangePasswordInput>({
    initialValues: { currentPassword: '', newPassword: '' },
    validate: validateWith(changePasswordInput),
  });
  const mutation = useMutation({
    mutationFn: (values: ChangePasswordInput) => changePassword(changePasswordInput.parse(values)),
    onSuccess: () => form.reset(),
  });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="password-title">
      <Title order={2} size="h3" id="password-title" mb="md">
        Change password
      </Title>
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values), focusFirstError)}>
        <Stack maw={420}>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
          <NewPasswordInput label="New password" required {...form.getInputProps('newPassword')} />
          {mutation.isSuccess && (
            <Alert color="green.9" variant="light" role="status">
              Password changed. Your other sessions have been signed out.
            </Alert>
          )}
          <AuthFailure error={mutation.error} />
          <Button type="submit" disabled={mutation.isPending} w="fit-content">
            Change password
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
