import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { ApiRequestError } from '#client/lib/api-client.ts';
import { GREEN_BADGE } from '#client/lib/badge-colors.ts';
import { focusFirstError } from '#client/lib/focus-first-error.ts';
import { validateWith } from '#client/lib/zod-form.ts';
import { type VerifierApplicationInput, verifierApplicationInput } from '#shared/api/verifiers.ts';
import { applyForVerifierAccount } from '../api/verifiers-api.ts';

/** An organisation's application for a verifier account; staff review it in the dashboard. */
export function ApplicationForm() {
  const form = useForm<VerifierApplicationInput>({
    initialValues: { companyName: '', registrationNumber: '', contactName: '', email: '', purpose: '' },
    validate: validateWith(verifierApplicationInput),
  });
  const mutation = useMutation({
    mutationFn: (values: VerifierApplicationInput) =>
      applyForVerifierAccount(verifierApplicationInput.parse(values)),
    onError: (error) => {
      if (error instanceof ApiRequestError && error.body?.fields) form.setErrors(error.body.fields);
    },
  });

  if (mutation.isSuccess) {
    return (
      <Alert color={GREEN_BADGE} variant="outline" role="status" title="Application sent">
        Thank you. The issuer's staff will review your application; once it is approved, they give your
        contact person a link to set a password.
      </Alert>
    );
  }
  const failure =
    mutation.error instanceof ApiRequestError && mutation.error.status > 0
      ? (mutation.error.body?.message ?? 'The application could not be sent.')
      : mutation.error && 'The application could not be sent. Check your connection and try again.';
  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values), focusFirstError)}>
      <Stack maw={560}>
        <TextInput
          label="Company name"
          required
          autoComplete="organization"
          {...form.getInputProps('companyName')}
        />
        <TextInput label="Registration number" required {...form.getInputProps('registrationNumber')} />
        <TextInput
          label="Contact person"
          required
          autoComplete="name"
          {...form.getInputProps('contactName')}
        />
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <Textarea
          label="Purpose"
          description="Why your organisation checks e-Certs. Every check you make is recorded with it."
          required
          autosize
          minRows={3}
          {...form.getInputProps('purpose')}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" disabled={mutation.isPending} w="fit-content">
          {mutation.isPending ? 'Sending...' : 'Apply'}
        </Button>
      </Stack>
    </form>
  );
}
