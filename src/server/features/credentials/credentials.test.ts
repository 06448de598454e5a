import { hash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseExpiryDate } from '#shared/rules/course-validity.ts';
import { signedCredential } from '../../db/schema/credentials.ts';
import { person } from '../../db/schema/index.ts';
import {
  createCredentialsTestApp,
  downloadCredential,
  TEST_DID,
  TEST_PUBLIC_URL,
} from '../../test/credentials-test-kit.ts';
import { insertPerson } from '../../test/people.ts';
import type { TestApp } from '../../test/test-app.ts';
import { STATUS_LIST_LENGTH } from './assign-status-entry.ts';

let harness: TestApp;
beforeAll(async () => {
  harness = await createCredentialsTestApp();
});
afterAll(async () => {
  await harness.close();
});

describe('GET /.well-known/did.json', () => {
  it('publishes did:web of the public host with the key as a Multikey assertion method', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/.well-known/did.json' });
    expect(response.statusCode).toBe(200);
    // Browser-based verifiers read it from their own origin.
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const document = response.json();
    expect(document.id).toBe(TEST_DID);
    expect(document.verificationMethod).toHaveLength(1);
    const [method] = document.verificationMethod;
    expect(method).toMatchObject({ type: 'Multikey', controller: TEST_DID });
    expect(method.publicKeyMultibase).toMatch(/^z6Mk/);
    expect(document.assertionMethod).toEqual([method.id]);
  });

  it('encodes a port of the public address as %3A', async () => {
    const local = await createCredentialsTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    try {
      const document = (await local.app.inject({ method: 'GET', url: '/.well-known/did.json' })).json();
      expect(document.id).toBe('did:web:localhost%3A3000');
    } finally {
      await local.close();
    }
  });
});

describe('GET /api/certificates/:id/credential', () => {
  it('answers an Open Badges 3.0 credential signed with eddsa-rdfc-2022, as a download', async () => {
    const record = await insertPerson(harness.database.db, {
      name: 'Ana Cruz',
      finNumber: 'G1234567N',
      tradeTested: 'Forklift Operation',
      testLevel: 'Level 2',
      testResult: 'Passed',
      passedDate: '2026-03-12',
    });
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/certificates/${record.id}/credential`,
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/vc\+ld\+json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="e-cert-[0-9a-f]{8}\.credential\.json"$/,
    );
    const credential = response.json();
    expect(credential['@context']).toEqual([
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ]);
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(credential.issuer).toMatchObject({ id: TEST_DID, name: 'Demo Skills Institute' });
    expect(credential.validFrom).toBe('2026-03-12T00:00:00Z');
    expect(credential.validUntil).toBe(`${courseExpiryDate('2026-03-12', 2)}T23:59:59Z`);
    expect(credential.credentialSubject.achievement.name).toBe('Forklift Operation (Level 2)');
    expect(credential.credentialSubject.result).toEqual([{ type: ['Result'], value: 'Passed' }]);
    expect(credential.proof).toEqual([
      expect.objectContaining({
        type: 'DataIntegrityProof',
        cryptosuite: 'eddsa-rdfc-2022',
        proofPurpose: 'assertionMethod',
        verificationMethod: expect.stringMatching(new RegExp(`^${TEST_DID}#z6Mk`)),
      }),
    ]);
    const status = credential.credentialStatus;
    expect(status).toMatchObject({ type: 'BitstringStatusListEntry', statusPurpose: 'revocation' });
    expect(status.statusListCredential).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/status/\\d+$`));
    expect(Number(status.statusListIndex)).toBeLessThan(STATUS_LIST_LENGTH);
  });

  it('carries nothing from which the FIN can be worked out, even by trying every FIN', async () => {
    const fin = 'D0001042K';
    const record = await insertPerson(harness.database.db, { finNumber: fin, passportNumber: 'PX0011223' });
    const credential = await downloadCredential(harness, record.id);
    const text = JSON.stringify(credential);

    expect(credential.credentialSubject.identifier.map((entry) => entry.identityType)).toEqual(['name']);
    expect(text).not.toContain('"salt"');
    // Nothing the public record page does not show: no identifier in the clear, no serial, no date of birth.
    for (const hidden of [fin, '0001042', 'PX0011223', record.eCertNumber, record.dob]) {
      expect(text).not.toContain(hidden);
    }
    // What someone holding only the file would try: FINs of the demo holders' shape (this one among
    // them), alone or joined to any value the file holds, hashed with an algorithm Open Badges names
    // for IdentityHash, compared with every value the file holds (with or without an `algorithm$`).
    const values = stringsIn(credential);
    const targets = new Set(values.flatMap((value) => [value, value.replace(/^[\w-]+\$/, '')]));
    const candidates = demoShapedFins(1030, 1050);
    expect(candidates).toContain(fin);
    const found = new Set<string>();
    for (const candidate of candidates) {
      for (const value of ['', ...values]) {
        for (const input of [candidate + value, value + candidate]) {
          for (const algorithm of ['sha256', 'md5']) {
            const digest = hash(algorithm, input, 'buffer');
            if (targets.has(digest.toString('hex')) || targets.has(digest.toString('base64url')))
              found.add(candidate);
          }
        }
      }
    }
    expect([...found]).toEqual([]);
  });

  it('signs once per change of the record and serves the stored credential in between', async () => {
    const { db } = harness.database;
    const record = await insertPerson(db, { finNumber: 'G0000001A', testResult: 'Passed' });
    const first = await downloadCredential(harness, record.id);
    const again = await downloadCredential(harness, record.id);
    expect(again).toEqual(first);
    const stored = await db.select().from(signedCredential).where(eq(signedCredential.personId, record.id));
    expect(stored).toHaveLength(1);

    await db
      .update(person)
      .set({ testLevel: 'Level 9', updatedAt: new Date() })
      .where(eq(person.id, record.id));
    const changed = await downloadCredential(harness, record.id);
    expect(changed.credentialSubject.achievement.name).toContain('Level 9');
    expect(changed.proof[0]?.proofValue).not.toBe(first.proof[0]?.proofValue);
    // The place in the status list belongs to the person, not to one signature.
    expect(changed.credentialStatus).toEqual(first.credentialStatus);
  });

  it('gives each person a different place in the status list', async () => {
    const people = await Promise.all(
      ['G0000002A', 'G0000003A', 'G0000004A', 'G0000005A'].map((finNumber) =>
        insertPerson(harness.database.db, { finNumber }),
      ),
    );
    const credentials = await Promise.all(people.map((record) => downloadCredential(harness, record.id)));
    const places = credentials.map(
      (c) => `${c.credentialStatus.statusListCredential}#${c.credentialStatus.statusListIndex}`,
    );
    expect(new Set(places).size).toBe(people.length);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s', async (_label, id) => {
    const response = await harness.app.inject({ method: 'GET', url: `/api/certificates/${id}/credential` });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('answers 404 for a record in the trash', async () => {
    const record = await insertPerson(harness.database.db, { finNumber: 'G0000006A', deletedAt: new Date() });
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/certificates/${record.id}/credential`,
    });
    expect(response.statusCode).toBe(404);
  });
});

/** Every string in a JSON value, keys left out. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(stringsIn);
}

/** FINs shaped like the demo holders' (D, seven digits, a letter), numbers from `from` up to `to`. */
function demoShapedFins(from: number, to: number): string[] {
  const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
  const fins: string[] = [];
  for (let number = from; number < to; number++) {
    for (const letter of letters) fins.push(`D${String(number).padStart(7, '0')}${letter}`);
  }
  return fins;
}
