import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { FailureAlert } from '#client/components/form/failure-alert.tsx';
import { ApiRequestError } from '#client/lib/api-client.ts';
import { refusalText } from '#client/lib/i18n/refusal-text.ts';
import { validateWith } from '#client/lib/zod-form.ts';
import { type ContactInput, contactInput, contactMessages } from '#shared/api/contact.ts';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH } from '#shared/limits.ts';
import { sendContactMessage } from '../api/send-contact.ts';

const nameMax = CONTACT_NAME_MAX_LENGTH;
const messageMax = CONTACT_MESSAGE_MAX_LENGTH;

// The shared schema (and the server) say these in English; the form says them in the page's language.
const fieldErrors: Record<string, MessageDescriptor> = {
  [contactMessages.nameRequired]: msg`Name is required`,
  [contactMessages.emailRequired]: msg`Email is required`,
  [contactMessages.emailInvalid]: msg`Please enter a valid email`,
  [contactMessages.messageRequired]: msg`Message is required`,
  [contactMessages.nameTooLong]: msg`Name must be at most ${plural(nameMax, { one: '# character', other: '# characters' })}`,
  [contactMessages.emailTooLong]: msg`Email must be at most ${plural(nameMax, { one: '# character', other: '# characters' })}`,
  [contactMessages.messageTooLong]: msg`Message must be at most ${plural(messageMax, { one: '# character', other: '# characters' })}`,
};

export function ContactForm() {
  const { t, i18n } = useLingui();
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
      ? (refusalText(mutation.error, i18n) ?? t`Your message could not be sent. Please try again later.`)
      : null;
  const fieldProps = (field: keyof ContactInput) => {
    const props = form.getInputProps(field);
    const known = typeof props.error === 'string' ? fieldErrors[props.error] : undefined;
    return known ? { ...props, error: i18n._(known) } : props;
  };

  return (
    <>
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
        <Stack maw={560}>
          <TextInput label={t`Name`} autoComplete="name" withAsterisk {...fieldProps('name')} />
          <TextInput
            label={t`Email`}
            type="email"
            autoComplete="email"
            withAsterisk
            {...fieldProps('email')}
          />
          <Textarea
            label={t`Message`}
            withAsterisk
            autosize
            minRows={5}
            maxLength={CONTACT_MESSAGE_MAX_LENGTH}
            {...fieldProps('message')}
          />
          <FailureAlert failure={failure} />
          <Button type="submit" loading={mutation.isPending} w="fit-content">
            <Trans>Send</Trans>
          </Button>
        </Stack>
      </form>
      <Modal
        opened={mutation.isSuccess}
        onClose={mutation.reset}
        title={t`Message Sent!`}
        centered
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        <Text mb="md">{mutation.data?.reply}</Text>
        <Button onClick={mutation.reset}>
          <Trans>OK</Trans>
        </Button>
      </Modal>
    </>
  );
}
