import { createTestApp, type TestApp } from '../../test/test-app.ts';

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
