import { createHash, randomBytes } from 'node:crypto';
import { signInAs } from './staff-session.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** A did:web host that resolves nowhere: every test that reaches the network fails loudly. */
export const TEST_PUBLIC_URL = 'https://certs.example.test';
export const TEST_DID = 'did:web:certs.example.test';

/** The real app under the test public address, with room for many verification requests. */
export const createCredentialsTestApp = (env: Record<string, string> = {}): Promise<TestApp> =>
  createTestApp({ PUBLIC_URL: TEST_PUBLIC_URL, CREDENTIAL_VERIFY_RATE_LIMIT: '1000/1m', ...env });

export type Credential = Record<string, unknown> & {
  credentialSubject: {
    identifier: { identityType: string; hashed: boolean; identityHash: string; salt?: string }[];
    achievement: { name: string };
    result: { value: string }[];
  };
  credentialStatus: { statusListCredential: string; statusListIndex: string };
  proof: { verificationMethod: string; proofValue: string }[];
};

export async function downloadCredential(harness: TestApp, id: string): Promise<Credential> {
  const response = await harness.app.inject({ method: 'GET', url: `/api/certificates/${id}/credential` });
  if (response.statusCode !== 200) throw new Error(`credential: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Revokes a record as staff do, and fails the test if it was not revoked. */
export async function revokeRecord(harness: TestApp, id: string) {
  const { headers } = await signInAs(harness.app, 'staff');
  const response = await harness.app.inject({
    method: 'POST',
    url: `/api/people/${id}/revoke`,
    headers,
    payload: { reason: 'Issued in error' },
  });
  if (response.statusCode !== 200) throw new Error(`revoke: ${response.statusCode} ${response.body}`);
}

/**
 * `credential` as the portal issued it before the FIN was left out: the FIN's IdentityHash, SHA-256
 * of the upper-cased FIN followed by a random salt, with the salt, signed by the app's issuer.
 */
export async function signedWithSaltedFin(harness: TestApp, credential: Credential, fin: string) {
  const { proof: _unsigned, ...unsigned } = credential;
  const salt = randomBytes(16).toString('hex');
  const hash = createHash('sha256').update(`${fin.toUpperCase()}${salt}`, 'utf8').digest('hex');
  const salted = {
    type: 'IdentityObject',
    identityType: 'nationalIdentityNumber',
    hashed: true,
    identityHash: `sha256$${hash}`,
    salt,
  };
  const subject = credential.credentialSubject;
  return (await harness.app.issuer.sign({
    ...unsigned,
    credentialSubject: { ...subject, identifier: [...subject.identifier, salted] },
  })) as Credential;
}
