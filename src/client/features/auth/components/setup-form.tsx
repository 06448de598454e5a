import { Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { validateWith } from '#client/lib/zod-form.ts';
import { setupInput } from '#shared/api/auth.ts';
import { completeSetup } from '../api/setup.ts';
import { signIn } from '../api/sign-in.ts';
import { AccountFields } from './account-fields.tsx';
import { AuthFailure } from './auth-failure.tsx';

const setupFields = setupInput.omit({ token: true });
type SetupFields = { name: string; email: string; password: string };

/** Creates the first administrator with the one-time token, then signs them in. */
export function SetupForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<SetupFields>({
    initialValues: { name: '', email: '', password: '' },
    validate: validateWith(setupFields),
  });
  const mutation = useMutation({
    mutationFn: async (values: SetupFields) => {
      const input = setupInput.parse({ ...values, token });
      await completeSetup(input);
      // The account exists now; if signing in fails, the login page is the way on.
      return signIn({ email: input.email, password: input.password }).then(
        () => true,
        () => false,
      );
    },
    onSuccess: async (signedIn) => {
      queryClient.removeQueries({ queryKey: ['session'] });
      queryClient.removeQueries({ queryKey: ['setup'] });
      await navigate(signedIn ? '/dashboard' : '/login?redirectTo=%2Fdashboard', { replace: true });
    },
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
      <Stack maw={420}>
        <AccountFields inputProps={form.getInputProps} />
        <Text size="sm">This account will be the first administrator.</Text>
        <Button type="submit" disabled={mutation.isPending} w="fit-content">
          {mutation.isPending ? 'Creating account...' : 'Create administrator'}
        </Button>
        <AuthFailure error={mutation.error} />
      </Stack>
    </form>
  );
}
