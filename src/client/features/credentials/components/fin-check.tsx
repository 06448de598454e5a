import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { identityHashInput, identityHashOf } from '#shared/rules/identity-hash.ts';

interface IdentityObject {
  identityType?: string;
  hashed?: boolean;
  identityHash?: string;
  salt?: string;
}

/** The hashed FIN of a credential, if it holds one. */
export function hashedFinOf(credential: unknown): IdentityObject | undefined {
  const identifiers = (credential as { credentialSubject?: { identifier?: unknown } })?.credentialSubject
    ?.identifier;
  if (!Array.isArray(identifiers)) return undefined;
  return (identifiers as IdentityObject[]).find(
    (entry) => entry?.identityType === 'nationalIdentityNumber' && entry.hashed === true,
  );
}

async function sha256Hex(text: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Compares a FIN the visitor types with the credential's salted hash, in the browser: the FIN is
 * never sent anywhere.
 */
export function FinCheck({ identity }: { identity: IdentityObject }) {
  const [fin, setFin] = useState('');
  const [matches, setMatches] = useState<boolean | null>(null);
  const check = async () => {
    const hash = identityHashOf(await sha256Hex(identityHashInput(fin, identity.salt ?? '')));
    setMatches(hash === identity.identityHash?.toLowerCase());
  };
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label="Does it belong to this FIN? (checked on this device, not sent)"
        value={fin}
        onChange={(event) => {
          setFin(event.currentTarget.value);
          setMatches(null);
        }}
        autoComplete="off"
      />
      <Button variant="outline" onClick={check} disabled={!fin.trim()}>
        Check FIN
      </Button>
      {matches !== null && (
        <Text role="status" fw={700} c={matches ? undefined : 'red.9'}>
          {matches ? 'The FIN matches this credential.' : 'The FIN does not match this credential.'}
        </Text>
      )}
    </Group>
  );
}
