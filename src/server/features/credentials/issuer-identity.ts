import type { MultikeyPair } from '@digitalbazaar/ed25519-multikey';

/**
 * `did:web` of the host of the portal's public address, so its document is at
 * `/.well-known/did.json`; a port is percent-encoded, as did:web requires.
 */
export const issuerDid = (publicUrl: string): string =>
  `did:web:${encodeURIComponent(new URL(publicUrl).host)}`;

export interface PublicKey {
  publicKeyMultibase: string;
}

export const keyId = (did: string, key: PublicKey) => `${did}#${key.publicKeyMultibase}`;

/** The verification method of one key, as the DID document lists it. */
const verificationMethod = (did: string, key: PublicKey) => ({
  id: keyId(did, key),
  type: 'Multikey',
  controller: did,
  publicKeyMultibase: key.publicKeyMultibase,
});

/** The DID document: every key the portal has signed with, each allowed to assert credentials. */
export function didDocument(did: string, keys: readonly PublicKey[]) {
  const methods = keys.map((key) => verificationMethod(did, key));
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((method) => method.id),
  };
}

export type SigningKey = { pair: MultikeyPair; publicKeyMultibase: string };
