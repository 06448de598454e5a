import { Button, Card, FileInput, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type DragEvent, useState } from 'react';
import { ApiRequestError } from '#client/lib/api-client.ts';
import { CREDENTIAL_MAX_BYTES } from '#shared/api/credentials.ts';
import { verifyCredentialText } from '../api/verify-credential.ts';
import { CredentialChecks } from './credential-checks.tsx';
import { FinCheck, finCheckOf } from './fin-check.tsx';

const errorText = (error: unknown) =>
  error instanceof ApiRequestError && error.body
    ? error.body.message
    : 'The credential could not be checked. Please try again.';

const signatureHolds = (result: { checks: { check: string; outcome: string }[] }) =>
  result.checks.some((line) => line.check === 'signature' && line.outcome === 'pass');

/** How to check the FIN of the text that was checked; only a signed credential's is worth it. */
function finCheckOfText(text: string | undefined) {
  try {
    return finCheckOf(JSON.parse(text ?? ''));
  } catch {
    return undefined;
  }
}

/** Drop, choose or paste a credential file; the server checks it and each check is shown as a line. */
export function CredentialChecker() {
  const [text, setText] = useState('');
  const [tooLarge, setTooLarge] = useState(false);
  const check = useMutation({ mutationFn: verifyCredentialText });
  const finCheckable = check.data && signatureHolds(check.data) ? finCheckOfText(check.variables) : undefined;

  const load = async (file: File | null) => {
    check.reset();
    setTooLarge(Boolean(file && file.size > CREDENTIAL_MAX_BYTES));
    if (file && file.size <= CREDENTIAL_MAX_BYTES) setText(await file.text());
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    void load(event.dataTransfer.files[0] ?? null);
  };

  return (
    <Stack gap="lg">
      <Card
        withBorder
        padding="lg"
        onDragOver={(event) => event.preventDefault()}
        onDrop={onDrop}
        data-testid="credential-drop"
      >
        <Stack gap="md">
          <Text>Drop a credential file (.json) here, choose it, or paste its text below.</Text>
          <FileInput
            label="Credential file"
            accept=".json,application/json,application/ld+json"
            onChange={load}
            clearable
          />
          <Textarea
            label="Credential text"
            autosize
            minRows={4}
            maxRows={12}
            value={text}
            onChange={(event) => {
              check.reset();
              setText(event.currentTarget.value);
            }}
            error={tooLarge ? 'This file is too large to be a credential.' : undefined}
            styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          />
          <Group>
            <Button onClick={() => check.mutate(text)} loading={check.isPending} disabled={!text.trim()}>
              Check credential
            </Button>
          </Group>
        </Stack>
      </Card>
      {check.isError && (
        <Text c="red.9" role="alert">
          {errorText(check.error)}
        </Text>
      )}
      {check.data && <CredentialChecks result={check.data} />}
      {finCheckable && <FinCheck checkable={finCheckable} />}
    </Stack>
  );
}
