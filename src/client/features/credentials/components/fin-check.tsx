import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '#client/lib/failure-text.ts';
import { refusalText } from '#client/lib/i18n/refusal-text.ts';
import { type SaltedFin, saltedFinMatches, saltedFinOf } from '#shared/rules/identity-hash.ts';
import { checkFin } from '../api/check-fin.ts';

/**
 * How a credential's FIN is checked. Older credentials hold a salted hash, compared on this device;
 * newer ones hold no FIN at all, and the portal is asked by the credential's id.
 */
type FinCheckable = { saltedFin: SaltedFin } | { credentialId: string };

export function finCheckOf(credential: unknown): FinCheckable | undefined {
  const saltedFin = saltedFinOf(credential);
  if (saltedFin) return { saltedFin };
  const id = (credential as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? { credentialId: id } : undefined;
}

const failure = (error: unknown, i18n: I18n) =>
  refusalText(error, i18n) ??
  failureText(error, i18n._(msg`The FIN could not be checked. Please try again.`));

/**
 * "Does it belong to this FIN?" for a credential whose signature holds. `onAnswer` hears each
 * answer, and `undefined` once the FIN is edited: a mismatch is said by the page's verdict itself.
 */
export function FinCheck({
  checkable,
  onAnswer,
}: {
  checkable: FinCheckable;
  onAnswer: (matches: boolean | undefined) => void;
}) {
  const { t, i18n } = useLingui();
  const [fin, setFin] = useState('');
  const onDevice = 'saltedFin' in checkable;
  const check = useMutation({
    mutationFn: async (typed: string) =>
      'saltedFin' in checkable
        ? saltedFinMatches(typed, checkable.saltedFin)
        : (await checkFin({ credentialId: checkable.credentialId, finNumber: typed })).matches,
    onSuccess: onAnswer,
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (fin.trim()) check.mutate(fin);
      }}
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          label={
            onDevice
              ? t`Does it belong to this FIN? (checked on this device, not sent)`
              : t`Does it belong to this FIN? (checked by this portal, not kept)`
          }
          value={fin}
          onChange={(event) => {
            setFin(event.currentTarget.value);
            check.reset();
            onAnswer(undefined);
          }}
          autoComplete="off"
        />
        <Button type="submit" variant="outline" loading={check.isPending} disabled={!fin.trim()}>
          <Trans>Check FIN</Trans>
        </Button>
        {check.data && (
          <Text role="status" fw={700}>
            {t`The FIN matches this credential.`}
          </Text>
        )}
        {check.isError && (
          <Text role="alert" c="red.9">
            {failure(check.error, i18n)}
          </Text>
        )}
      </Group>
    </form>
  );
}
