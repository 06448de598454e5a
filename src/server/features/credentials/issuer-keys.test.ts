import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { issuerKey } from '../../db/schema/credentials.ts';
import { openSecret, sealSecret } from '../../seal-secret.ts';
import {
  createCredentialsTestApp,
  downloadCredential,
  TEST_PUBLIC_URL,
} from '../../test/credentials-test-kit.ts';
import { insertPerson } from '../../test/people.ts';
import type { TestApp } from '../../test/test-app.ts';
import { ensureIssuerKey, publicKeyOfSeed, readIssuerKeys, rotateIssuerKey } from './issuer-keys.ts';

const SECRET = 'a-master-secret-of-at-least-32-characters';
let harness: TestApp;
beforeAll(async () => {
  harness = await createCredentialsTestApp({ AUTH_SECRET: SECRET });
});
afterAll(async () => {
  await harness.close();
});

const verifyOn = (app: TestApp['app'], credential: object) =>
  app.inject({ method: 'POST', url: '/api/credentials/verify', payload: credential }).then((r) => r.json());
const didKeys = async (app: TestApp['app']) =>
  (await app.inject({ method: 'GET', url: '/.well-known/did.json' })).json().verificationMethod as {
    publicKeyMultibase: string;
  }[];

describe('the issuer key', () => {
  it('is made once however many instances start together, and stored sealed', async () => {
    // A database of its own, emptied of the key its app made, so the five starts race for the first.
    const fresh = await createCredentialsTestApp({ AUTH_SECRET: SECRET });
    const { db } = fresh.database;
    await db.delete(issuerKey);
    await Promise.all(Array.from({ length: 5 }, () => ensureIssuerKey(db, SECRET)));
    const rows = await db.select().from(issuerKey);
    await fresh.close();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.secretKeySealed).toMatch(/^v1\./);
    // The secret opens only with the master secret it was sealed under, and only on its own row.
    expect(openSecret(SECRET, row?.secretKeySealed ?? '', row?.publicKeyMultibase ?? '')).toMatch(/^z/);
    expect(() =>
      openSecret(
        'another-secret-of-at-least-32-characters',
        row?.secretKeySealed ?? '',
        row?.publicKeyMultibase ?? '',
      ),
    ).toThrow(/AUTH_SECRET/);
    expect(() => openSecret(SECRET, row?.secretKeySealed ?? '', 'z6MkOtherKey')).toThrow();
  });

  it('rotates: the new key signs, the old one stays published and its credentials still verify', async () => {
    const { db } = harness.database;
    const record = await insertPerson(db, { finNumber: 'L0000001A' });
    const before = await downloadCredential(harness, record.id);

    const added = await rotateIssuerKey(db, SECRET);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Running instances read the keys again within a minute.
      vi.setSystemTime(Date.now() + 60_000);
      expect((await didKeys(harness.app)).map((key) => key.publicKeyMultibase)).toContain(added);
      expect(await didKeys(harness.app)).toHaveLength(2);
      const after = await downloadCredential(harness, record.id);
      expect(after.proof[0]?.verificationMethod).toMatch(new RegExp(`#${added}$`));
      expect(before.proof[0]?.verificationMethod).not.toMatch(new RegExp(`#${added}$`));
      expect((await verifyOn(harness.app, before)).verified).toBe(true);
      expect((await verifyOn(harness.app, after)).verified).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('signs with ISSUER_KEY when given, keeping the stored keys published', async () => {
    const seed = randomBytes(32);
    const config = loadConfig({
      PUBLIC_URL: TEST_PUBLIC_URL,
      AUTH_SECRET: SECRET,
      ISSUER_KEY: seed.toString('hex'),
      DATA_DIR: harness.app.config.dataDir,
      LOG_LEVEL: 'silent',
    });
    const pinned = await buildApp({ config, database: harness.database, logger: false });
    try {
      await pinned.ready();
      const expected = await publicKeyOfSeed(seed);
      const keys = await readIssuerKeys(harness.database.db, {
        masterSecret: SECRET,
        did: pinned.issuer.did,
        pinned: expected,
      });
      expect(keys.signing.publicKeyMultibase).toBe(expected);
      expect((await didKeys(pinned)).map((key) => key.publicKeyMultibase)).toEqual(
        keys.published.map((k) => k.publicKeyMultibase),
      );
      expect(keys.published.length).toBeGreaterThanOrEqual(2);
    } finally {
      await pinned.close();
    }
  });

  it('reads ISSUER_KEY as 64 hex or 43 base64url characters and refuses anything else', () => {
    const seed = randomBytes(32);
    expect(loadConfig({ ISSUER_KEY: seed.toString('hex') }).issuerKeySeed).toEqual(seed);
    expect(loadConfig({ ISSUER_KEY: seed.toString('base64url') }).issuerKeySeed).toEqual(seed);
    expect(() => loadConfig({ ISSUER_KEY: 'too-short' })).toThrow(/^Invalid configuration: ISSUER_KEY /);
  });

  it('seals with a fresh nonce each time', () => {
    expect(sealSecret(SECRET, 'same', 'label')).not.toBe(sealSecret(SECRET, 'same', 'label'));
  });
});
