import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FailureAlert } from '#client/components/form/failure-alert.tsx';
import { ApiRequestError } from '#client/lib/api-client.ts';
import { failureText } from '#client/lib/failure-text.ts';
import { focusFirstError } from '#client/lib/focus-first-error.ts';
import { notify } from '#client/lib/notify.ts';
import { validateWith } from '#client/lib/zod-form.ts';
import { newUserInput } from '#shared/api/auth.ts';
import type { UserView } from '#shared/api/users.ts';
import { updateUser } from '../api/users-api.ts';

const nameAndEmail = newUserInput.pick({ name: true, email: true });
type NameAndEmail = { name: string; email: string };

/** Changes a user's name and email; the dialog stays open with the server's words if it refuses. */
export function EditUserDialog({ user, onClose }: { user: UserView; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<NameAndEmail>({
    initialValues: { name: user.name, email: user.email },
    validate: validateWith(nameAndEmail),
  });
  const mutation = useMutation({
    mutationFn: (values: NameAndEmail) => updateUser({ id: user.id, ...nameAndEmail.parse(values) }),
    onSuccess: async (updated) => {
      notify.success(`User ${updated.email} updated`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.body?.fields) form.setErrors(error.body.fields);
    },
  });
  const failure =
    mutation.error &&
    failureText(mutation.error, 'Failed to update the user.', 'An error occurred while updating the user.');

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Edit ${user.name}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values), focusFirstError)}>
        <Stack>
          <TextInput
            label="Name"
            autoComplete="off"
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            required
            {...form.getInputProps('email')}
          />
          <FailureAlert failure={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending || !form.isDirty()}>
              {mutation.isPending ? 'Saving...' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
