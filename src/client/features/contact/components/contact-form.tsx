import { Alert, Button, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { ApiRequestError } from '#client/lib/api-client.ts';
import { validateWith } from '#client/lib/zod-form.ts';
import { type ContactInput, contactInput } from '#shared/api/contact.ts';
import { CONTACT_MESSAGE_MAX_LENGTH } from '#shared/limits.ts';
import { sendContactMessage } from '../api/send-contact.ts';

export function ContactForm() {
  const form = useForm<ContactInput>({
    initialValues: { name: '', email: '', message: '' },
    validate: validateWith(contactInput),
  });
  const mutation = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => form.reset(),
    onError: (error) => {
      if (error instanceof ApiRequestError && error.body?.fields) form.setErrors(error.body.fields);
    },
  });

  const failure =
    mutation.error instanceof ApiRequestError && !mutation.error.body?.fields
      ? mutation.error.status === 429
        ? mutation.error.message
        : 'Your message could not be sent. Please try again later.'
      : null;

  return (
    <>
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
        <Stack maw={560}>
          <TextInput label="Name" autoComplete="name" withAsterisk {...form.getInputProps('name')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <Textarea
            label="Message"
            withAsterisk
            autosize
            minRows={5}
            maxLength={CONTACT_MESSAGE_MAX_LENGTH}
            {...form.getInputProps('message')}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Button type="submit" loading={mutation.isPending} w="fit-content">
            Send
          </Button>
        </Stack>
      </form>
      <Modal
        opened={mutation.isSuccess}
        onClose={mutation.reset}
        title="Message Sent!"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text mb="md">{mutation.data?.reply}</Text>
        <Button onClick={mutation.reset}>OK</Button>
      </Modal>
    </>
  );
}
