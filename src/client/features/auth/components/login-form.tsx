import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { editorHome } from '#client/components/layout/dashboard-links.ts';
import { validateWith } from '#client/lib/zod-form.ts';
import { type LoginInput, loginInput } from '#shared/api/auth.ts';
import { sessionQuery } from '../api/session-query.ts';
import { signIn } from '../api/sign-in.ts';
import { AuthFailure } from './auth-failure.tsx';
import { TwoFactorStep } from './two-factor-step.tsx';

export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<LoginInput>({
    initialValues: { email: '', password: '' },
    validate: validateWith(loginInput),
  });
  const [needsCode, setNeedsCode] = useState(false);
  const signedIn = async () => {
    // Drop the signed-out answer so the dashboard asks the server again.
    queryClient.removeQueries({ queryKey: sessionQuery().queryKey });
    // An editor's dashboard is the pages: its usual first page would only be refused to them.
    const session = await queryClient.fetchQuery(sessionQuery());
    const editing = session?.user.role === 'editor' && redirectTo === '/dashboard';
    await navigate(editing ? editorHome : redirectTo, { replace: true });
  };
  const mutation = useMutation({
    mutationFn: (values: LoginInput) => signIn(loginInput.parse(values)),
    onSuccess: async (answer) => {
      // With two-factor on, the password opens no session yet: a code must follow.
      if ((answer as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect) setNeedsCode(true);
      else await signedIn();
    },
  });
  if (needsCode) return <TwoFactorStep onSignedIn={signedIn} />;

  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
      <Stack maw={420}>
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" disabled={mutation.isPending} w="fit-content">
          {mutation.isPending ? 'Logging in...' : 'Login'}
        </Button>
        <AuthFailure error={mutation.error} />
      </Stack>
    </form>
  );
}
