import { Button, Card, NativeSelect, NumberInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FailureAlert } from '#client/components/form/failure-alert.tsx';
import { ApiRequestError } from '#client/lib/api-client.ts';
import { failureText } from '#client/lib/failure-text.ts';
import { focusFirstError } from '#client/lib/focus-first-error.ts';
import { validateWith } from '#client/lib/zod-form.ts';
import {
  API_KEY_MAX_DAYS,
  type CreateApiKeyInput,
  type CreatedApiKey,
  createApiKeyInput,
} from '#shared/api/api-keys.ts';
import { createApiKey } from '../api/api-keys-api.ts';
import { NewKeyDialog } from './new-key-dialog.tsx';

const scopeChoices = [
  { value: 'read', label: 'Read records' },
  { value: 'write', label: 'Read and write records' },
];

export function NewApiKeyForm() {
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const form = useForm<CreateApiKeyInput>({
    initialValues: { name: '', scope: 'read', expiresInDays: 365 },
    validate: validateWith(createApiKeyInput),
  });
  const mutation = useMutation({
    mutationFn: (values: CreateApiKeyInput) => createApiKey(createApiKeyInput.parse(values)),
    onSuccess: async (key) => {
      setCreated(key);
      form.reset();
      await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.body?.fields) form.setErrors(error.body.fields);
    },
  });
  const failure = mutation.error
    ? failureText(mutation.error, 'An error occurred while creating the key.')
    : null;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="new-key-title">
      <Title order={2} size="h3" id="new-key-title" mb="md">
        Create an API key
      </Title>
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values), focusFirstError)}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Name"
              description="Which system uses it"
              required
              {...form.getInputProps('name')}
            />
            <NativeSelect label="Scope" data={scopeChoices} {...form.getInputProps('scope')} />
            <NumberInput
              label="Expires after (days)"
              min={1}
              max={API_KEY_MAX_DAYS}
              allowDecimal={false}
              {...form.getInputProps('expiresInDays')}
            />
          </SimpleGrid>
          <FailureAlert failure={failure} />
          <Button type="submit" disabled={mutation.isPending} w="fit-content">
            {mutation.isPending ? 'Creating...' : 'Create key'}
          </Button>
        </Stack>
      </form>
      {created && <NewKeyDialog created={created} onClose={() => setCreated(null)} />}
    </Card>
  );
}
