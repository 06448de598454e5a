import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, FileInput, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '#client/lib/api-client.ts';
import { bringIntoView } from '#client/lib/bring-into-view.ts';
import { failureText } from '#client/lib/failure-text.ts';
import { refusalText } from '#client/lib/i18n/refusal-text.ts';
import { CREDENTIAL_MAX_BYTES, CREDENTIAL_PDF_MAX_BYTES } from '#shared/api/credentials.ts';
import { verifyCredential } from '../api/verify-credential.ts';
import { CredentialChecks } from './credential-checks.tsx';
import { credentialFactsOf, parseCredentialText } from './credential-facts.ts';
import { CredentialVerdict } from './credential-verdict.tsx';
import { finMismatchVerdict, verdictOf } from './credential-verdict-text.ts';
import { FinCheck, finCheckOf } from './fin-check.tsx';

const errorText = (error: unknown, i18n: I18n) =>
  refusalText(error, i18n) ??
  (error instanceof ApiRequestError && error.status === 413
    ? i18n._(msg`This PDF is too large to be an e-Cert.`)
    : failureText(error, i18n._(msg`The credential could not be checked. Please try again.`)));

const signatureHolds = (result: { checks: { check: string; outcome: string }[] }) =>
  result.checks.some((line) => line.check === 'signature' && line.outcome === 'pass');

/** Text that is not a JSON object never reaches the server: this says why in plain words. */
// A brace is a placeholder's mark in a message: the one the text names is put in as a value.
const brace = '{';
const notCredentialText = (issuer: string, i18n: I18n) =>
  i18n._(
    msg`This is not a credential file. A credential from ${issuer} is a .json file whose text starts with "${brace}". Choose the file you downloaded, or paste all of its text.`,
  );

/** A PDF by its content, as the server judges it: readers find the header in the first kilobyte. */
const isPdf = async (file: File) => (await file.slice(0, 1024).text()).includes('%PDF-');

/**
 * Drop, choose or paste a credential file, or drop or choose an e-Cert PDF; the server checks it
 * (reading the credential a PDF carries) and each check is shown as a line. `issuerName`: whose
 * credentials the checker expects, named in its messages.
 */
export function CredentialChecker({ issuerName }: { issuerName: string }) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState('');
  const [pdf, setPdf] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const [notJson, setNotJson] = useState(false);
  const check = useMutation({ mutationFn: verifyCredential });
  const pdfName = pdf?.name;
  const sent = check.variables;
  // A PDF's credential is read by the server, which sends it back with the checks.
  const checked = typeof sent === 'string' ? parseCredentialText(sent) : check.data?.credential;
  const finCheckable = check.data && signatureHolds(check.data) ? finCheckOf(checked) : undefined;
  // The result a FIN was found not to match; a new result starts with no FIN typed.
  const [finMismatchFor, setFinMismatchFor] = useState<unknown>();
  const finMismatch = check.data !== undefined && finMismatchFor === check.data;
  const verdictBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (check.data) bringIntoView(verdictBox.current);
  }, [check.data]);
  const submit = () => {
    if (pdf) {
      check.mutate(pdf);
      return;
    }
    const isObject = parseCredentialText(text) !== undefined;
    setNotJson(!isObject);
    if (isObject) check.mutate(text);
  };
  const edited = (value: string) => {
    check.reset();
    setNotJson(false);
    setPdf(null);
    setText(value);
  };

  const load = async (file: File | null) => {
    check.reset();
    setNotJson(false);
    setTooLarge(null);
    setPdf(null);
    if (!file) return;
    if (await isPdf(file)) {
      if (file.size > CREDENTIAL_PDF_MAX_BYTES) return setTooLarge(t`This PDF is too large to be an e-Cert.`);
      setText('');
      return setPdf(file);
    }
    if (file.size > CREDENTIAL_MAX_BYTES) return setTooLarge(t`This file is too large to be a credential.`);
    setText(await file.text());
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
          <Text>
            <Trans>
              Drop a credential file (.json) or an e-Cert PDF here, or choose it, or paste a credential's text
              below.
            </Trans>
          </Text>
          <FileInput
            label={t`Credential file or e-Cert PDF`}
            accept=".json,.pdf,application/json,application/ld+json,application/pdf"
            onChange={load}
            clearable
            clearButtonProps={{ 'aria-label': t`Clear the chosen file` }}
          />
          <Textarea
            label={t`Credential text`}
            autosize
            minRows={4}
            maxRows={12}
            value={text}
            onChange={(event) => edited(event.currentTarget.value)}
            error={tooLarge ?? (notJson && <span role="alert">{notCredentialText(issuerName, i18n)}</span>)}
            styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          />
          {pdf && (
            <Text role="status">{t`${pdfName}: the credential this PDF carries will be checked.`}</Text>
          )}
          <Group>
            <Button onClick={submit} loading={check.isPending} disabled={!text.trim() && !pdf}>
              <Trans>Check credential</Trans>
            </Button>
          </Group>
        </Stack>
      </Card>
      {check.isError && (
        <Text c="red.9" role="alert">
          {errorText(check.error, i18n)}
        </Text>
      )}
      {check.data && (
        <CredentialVerdict
          ref={verdictBox}
          verdict={
            finMismatch
              ? finMismatchVerdict(i18n)
              : verdictOf(check.data, credentialFactsOf(checked), issuerName, i18n)
          }
        />
      )}
      {finCheckable && (
        <FinCheck
          checkable={finCheckable}
          onAnswer={(matches) => setFinMismatchFor(matches === false ? check.data : undefined)}
        />
      )}
      {check.data && <CredentialChecks result={check.data} />}
    </Stack>
  );
}
