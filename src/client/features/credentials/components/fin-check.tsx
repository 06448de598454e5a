import { Button, Group, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiRequestError } from '#client/lib/api-client.ts';
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

const failure = (error: unknown) =>
  error instanceof ApiRequestError && error.body
    ? error.body.message
    : 'The FIN could not be checked. Please try again.';

/** "Does it belong to this FIN?" for a credential whose signature holds. */
export function FinCheck({ checkable }: { checkable: FinCheckable }) {
  const [fin, setFin] = useState('');
  const onDevice = 'saltedFin' in checkable;
  const check = useMutation({
    mutationFn: async (typed: string) =>
      'saltedFin' in checkable
        ? saltedFinMatches(typed, checkable.saltedFin)
        : (await checkFin({ credentialId: checkable.credentialId, finNumber: typed })).matches,
  });
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label={`Does it belong to this FIN? (${onDevice ? 'checked on this device, not sent' : 'checked by this portal, not kept'})`}
        value={fin}
        onChange={(event) => {
          setFin(event.currentTarget.value);
          check.reset();
        }}
        autoComplete="off"
      />
      <Button
        variant="outline"
        onClick={() => check.mutate(fin)}
        loading={check.isPending}
        disabled={!fin.trim()}
      >
        Check FIN
      </Button>
      {check.data !== undefined && (
        <Text role="status" fw={700} c={check.data ? undefined : 'red.9'}>
          {check.data ? 'The FIN matches this credential.' : 'The FIN does not match this credential.'}
        </Text>
      )}
      {check.isError && (
        <Text role="alert" c="red.9">
          {failure(check.error)}
        </Text>
      )}
    </Group>
  );
}
