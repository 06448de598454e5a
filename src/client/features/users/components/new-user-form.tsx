import { Button, Card, NativeSelect, SimpleGrid, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FailureAlert } from '#client/components/form/failure-alert.tsx';
import { UnsavedChangesGuard } from '#client/components/form/unsaved-changes-guard.tsx';
import { AccountFields } from '#client/features/auth/components/account-fields.tsx';
import { ApiRequestError } from '#client/lib/api-client.ts';
import { failureText } from '#client/lib/failure-text.ts';
import { focusFirstError } from '#client/lib/focus-first-error.ts';
import { notify } from '#client/lib/notify.ts';
import { validateWith } from '#client/lib/zod-form.ts';
import { roles } from '#shared/api/auth.ts';
import { type CreateUserInput, createUserInput } from '#shared/api/users.ts';
import { createUser } from '../api/users-api.ts';

export function NewUserForm() {
  const queryClient = useQueryClient();
  const form = useForm<CreateUserInput>({
    initialValues: { name: '', email: '', password: '', role: 'staff' },
    validate: validateWith(createUserInput),
  });
  const mutation = useMutation({
    mutationFn: (values: CreateUserInput) => createUser(createUserInput.parse(values)),
    onSuccess: async (user) => {
      notify.success(user?.email ? `User ${user.email} created` : 'User created');
      form.reset();
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.body?.fields) form.setErrors(error.body.fields);
    },
  });
  const failure =
    mutation.error &&
    failureText(mutation.error, 'Failed to create the user.', 'An error occurred while creating the user.');

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="new-user-title">
      <Title order={2} size="h3" id="new-user-title" mb="md">
        Add a user
      </Title>
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values), focusFirstError)}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <AccountFields inputProps={form.getInputProps} forSomeoneElse />
            <NativeSelect label="Role" data={[...roles]} {...form.getInputProps('role')} />
          </SimpleGrid>
          <FailureAlert failure={failure} />
          <Button type="submit" disabled={mutation.isPending} w="fit-content">
            {mutation.isPending ? 'Creating...' : 'Create user'}
          </Button>
        </Stack>
        <UnsavedChangesGuard when={form.isDirty()} />
      </form>
    </Card>
  );
}
