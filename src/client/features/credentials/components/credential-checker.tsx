import { Button, Card, FileInput, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type DragEvent, useState } from 'react';
import { useSite } from '#client/features/site/api/site-query.ts';
import { ApiRequestError } from '#client/lib/api-client.ts';
import { CREDENTIAL_MAX_BYTES } from '#shared/api/credentials.ts';
import { verifyCredentialText } from '../api/verify-credential.ts';
import { CredentialChecks } from './credential-checks.tsx';
import { credentialFactsOf, parseCredentialText } from './credential-facts.ts';
import { CredentialVerdict } from './credential-verdict.tsx';
import { verdictOf } from './credential-verdict-text.ts';
import { FinCheck, finCheckOf } from './fin-check.tsx';

const errorText = (error: unknown) =>
  error instanceof ApiRequestError && error.body
    ? error.body.message
    : 'The credential could not be checked. Please try again.';

const signatureHolds = (result: { checks: { check: string; outcome: string }[] }) =>
  result.checks.some((line) => line.check === 'signature' && line.outcome === 'pass');

/** Text that is not a JSON object never reaches the server: this says why in plain words. */
const notCredentialText = (issuer: string) =>
  `This is not a credential file. A credential from ${issuer} is a .json file whose text starts with "{". Choose the file you downloaded, or paste all of its text.`;

/** Drop, choose or paste a credential file; the server checks it and each check is shown as a line. */
export function CredentialChecker() {
  const [text, setText] = useState('');
  const [tooLarge, setTooLarge] = useState(false);
  const site = useSite();
  const [notJson, setNotJson] = useState(false);
  const check = useMutation({ mutationFn: verifyCredentialText });
  const checked = check.variables === undefined ? undefined : parseCredentialText(check.variables);
  const finCheckable = check.data && signatureHolds(check.data) ? finCheckOf(checked) : undefined;
  const submit = () => {
    const isObject = parseCredentialText(text) !== undefined;
    setNotJson(!isObject);
    if (isObject) check.mutate(text);
  };
  const edited = (value: string) => {
    check.reset();
    setNotJson(false);
    setText(value);
  };

  const load = async (file: File | null) => {
    check.reset();
    setNotJson(false);
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
            onChange={(event) => edited(event.currentTarget.value)}
            error={
              tooLarge
                ? 'This file is too large to be a credential.'
                : notJson && <span role="alert">{notCredentialText(site.issuerName)}</span>
            }
            styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          />
          <Group>
            <Button onClick={submit} loading={check.isPending} disabled={!text.trim()}>
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
      {check.data && (
        <CredentialVerdict verdict={verdictOf(check.data, credentialFactsOf(checked), site.issuerName)} />
      )}
      {finCheckable && <FinCheck checkable={finCheckable} />}
      {check.data && <CredentialChecks result={check.data} />}
    </Stack>
  );
}
