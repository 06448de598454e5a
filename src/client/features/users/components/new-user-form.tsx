import {
  Alert,
  Button,
  Card,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '#client/lib/api-client.ts';
import { focusFirstError } from '#client/lib/focus-first-error.ts';
import { notify } from '#client/lib/notify.ts';
import { validateWith } from '#client/lib/zod-form.ts';
import { PASSWORD_MIN_LENGTH, roles } from '#shared/api/auth.ts';
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
    mutation.error instanceof ApiRequestError && mutation.error.status > 0
      ? (mutation.error.body?.message ?? 'Failed to create the user.')
      : mutation.error
        ? 'An error occurred while creating the user.'
        : null;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="new-user-title">
      <Title order={2} size="h3" id="new-user-title" mb="md">
        Add a user
      </Title>
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values), focusFirstError)}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" autoComplete="off" required {...form.getInputProps('name')} />
            <TextInput
              label="Email"
              type="email"
              autoComplete="off"
              required
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label="Password"
              description={`At least ${PASSWORD_MIN_LENGTH} characters, not easy to guess.`}
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
            <NativeSelect label="Role" data={[...roles]} {...form.getInputProps('role')} />
          </SimpleGrid>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Button type="submit" disabled={mutation.isPending} w="fit-content">
            {mutation.isPending ? 'Creating...' : 'Create user'}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
