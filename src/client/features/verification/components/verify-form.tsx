import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Paper, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { pageHref } from '#client/lib/page-language.ts';
import type { SiteResponse } from '#shared/api/site.ts';
import { recordPath } from '#shared/record-page.ts';
import { verifyCertificate } from '../api/verify-certificate.ts';
import { describeVerifyError } from '../verification-messages.ts';

// The dialogs (Modal and its focus trap, scroll lock and portal) are fetched when one first opens.
const HumanCheckDialog = lazy(() =>
  import('./human-check-dialog.tsx').then((m) => ({ default: m.HumanCheckDialog })),
);
const VerifyErrorDialog = lazy(() =>
  import('./verify-error-dialog.tsx').then((m) => ({ default: m.VerifyErrorDialog })),
);

/** The two numbers, the proof of work in the background, then the result dialogs. */
type VerifyFormProps = Pick<SiteResponse['verification'], 'waitSeconds' | 'interstitialUrl'>;

export function VerifyForm({ waitSeconds, interstitialUrl }: VerifyFormProps) {
  const { t, i18n } = useLingui();
  const [finNumber, setFinNumber] = useState('');
  const [eCertNumber, setECertNumber] = useState('');
  // Uncontrolled inputs: on a page the server rendered, a visitor may type before the scripts take
  // the page over, and React would reset a controlled input's text to its state when it does.
  const finInput = useRef<HTMLInputElement>(null);
  const eCertInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setFinNumber(finInput.current?.value ?? '');
    setECertNumber(eCertInput.current?.value ?? '');
  }, []);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  // Once shown, the error dialog stays mounted, so that it closes with its transition and focus return.
  const [errorShown, setErrorShown] = useState(false);
  const verification = useMutation({
    mutationFn: verifyCertificate,
    onError: (error) => {
      setErrorMessage(describeVerifyError(error, i18n));
      setErrorShown(true);
    },
  });
  const ready = finNumber.trim() !== '' && eCertNumber.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || verification.isPending) return;
    verification.mutate({ finNumber: finNumber.trim(), eCertNumber: eCertNumber.trim() });
  };

  return (
    <Paper withBorder p="lg" radius="md" shadow="xs">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t`NRIC/FIN/Other identification no.`}
            placeholder={t`Please enter`}
            ref={finInput}
            defaultValue=""
            onChange={(event) => setFinNumber(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
          />
          <TextInput
            label={t`e-Cert serial no.`}
            placeholder={t`Please enter`}
            ref={eCertInput}
            defaultValue=""
            onChange={(event) => setECertNumber(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
          />
          <Button type="submit" disabled={!ready} loading={verification.isPending} w="fit-content">
            <Trans>Verify e-Cert</Trans>
          </Button>
        </Stack>
      </form>
      <Suspense fallback={null}>
        {errorShown && <VerifyErrorDialog message={errorMessage} onClose={() => setErrorMessage(null)} />}
        {verification.data && (
          <HumanCheckDialog
            opened
            waitSeconds={waitSeconds}
            interstitialUrl={interstitialUrl}
            onProceed={() => window.location.assign(pageHref(recordPath(verification.data.id)))}
          />
        )}
      </Suspense>
    </Paper>
  );
}
