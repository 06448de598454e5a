// A backup is worth what its restore gives back: fill an installation as staff do, back it up
// through the dashboard's download, restore it into an empty one and compare everything.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { fileKeyFor } from '../files/file-store.ts';
import { insertPerson } from '../test/people.ts';
import { startS3 } from '../test/s3-server.ts';
import { signInWith, TEST_PASSWORD } from '../test/staff-session.ts';
import { countRows } from '../test/test-app.ts';
import { storedKeys } from '../test/upload-fixtures.ts';
import { emptyInstallation, everyFile, everyRow, fill, type Installation } from './drill-kit.ts';
import { restoreBackup } from './restore-backup.ts';
import { writeBackup } from './write-backup.ts';

const postgresUrl = process.env.DATABASE_URL;
// Two installations and two app starts: on a shared 2-core machine that alone can take a minute.
const DRILL_TIMEOUT = 180_000;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-drill-archives-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Backs up `source` through GET /api/backup as an administrator; returns the archive's path. */
async function downloadBackup(source: Installation, adminCookie: string, name: string) {
  const app = await source.start();
  const response = await app.inject({ url: '/api/backup', headers: { cookie: adminCookie } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  const file = path.join(work, name);
  fs.writeFileSync(file, response.rawPayload);
  return file;
}

type Env = Record<string, string>;

async function drill(
  sourceUrl: string | undefined,
  targetUrl: string | undefined,
  env: Env = {},
  targetEnv = env,
) {
  const [source, target] = await Promise.all([
    emptyInstallation(sourceUrl, env),
    emptyInstallation(targetUrl, targetEnv),
  ]);
  try {
    const app = await source.start();
    const filled = await fill(app);
    const adminCookie = await signInWith(app, filled.admin, TEST_PASSWORD);
    const archive = await downloadBackup(source, adminCookie, `drill-${Date.now()}.zip`);
    const [rows, files] = [await everyRow(source.database), await everyFile(source.files)];

    const summary = await restoreBackup(archive, target);
    expect(summary.tables.person).toBe(5);
    expect(summary.files).toBe(files.size);
    // Every record, audit event, user and password hash; every file, byte for byte.
    expect(await everyRow(target.database)).toEqual(rows);
    expect(await everyFile(target.files)).toEqual(files);

    const restored = await target.start();
    for (const email of [filled.staff, filled.admin])
      await expect(signInWith(restored, email, TEST_PASSWORD)).resolves.toMatch(/session_token=/);
    const did = (await restored.inject({ url: '/.well-known/did.json' })).json();
    const signedBy = filled.valid.proof[0].verificationMethod.split('#')[1];
    expect(
      did.verificationMethod.map((key: { publicKeyMultibase: string }) => key.publicKeyMultibase),
    ).toContain(signedBy);
    const verify = (credential: object) =>
      restored
        .inject({ method: 'POST', url: '/api/credentials/verify', payload: credential })
        .then((r) => r.json());
    expect((await verify(filled.valid)).verified).toBe(true);
    const revoked = await verify(filled.revoked);
    expect(revoked.verified).toBe(false);
    expect(revoked.checks.find((check: { check: string }) => check.check === 'signature').outcome).toBe(
      'pass',
    );
    expect(revoked.checks.find((check: { check: string }) => check.check === 'status').outcome).toBe('fail');
    const page = await restored.inject({ url: `/api/certificates/${filled.revokedId}` });
    expect(page.json().certificate.status).toBe('revoked');
    return archive;
  } finally {
    await source.close();
    await target.close();
  }
}

describe.skipIf(postgresUrl)('restore drill on the embedded database', () => {
  it(
    'restores an embedded installation into an empty embedded one, everything equal',
    async () => {
      await drill(undefined, undefined);
    },
    DRILL_TIMEOUT,
  );
});

describe.skipIf(!postgresUrl)('restore drill on PostgreSQL', () => {
  it(
    'restores PostgreSQL with local files into an empty PostgreSQL',
    async () => {
      await drill(postgresUrl, postgresUrl, { AUTH_SECRET: 'drill-secret-'.padEnd(40, 'x') });
    },
    DRILL_TIMEOUT,
  );

  it(
    'restores PostgreSQL with its files in a bucket into an empty one',
    async () => {
      // Two buckets: the restore must put every file back, not find it still there.
      const [from, to] = [await startS3(), await startS3()];
      try {
        await drill(postgresUrl, postgresUrl, from.env, to.env);
      } finally {
        await from.close();
        await to.close();
      }
    },
    DRILL_TIMEOUT,
  );

  it(
    'restores an embedded installation into PostgreSQL',
    async () => {
      await drill(undefined, postgresUrl);
    },
    DRILL_TIMEOUT,
  );
});

describe('an archive that cannot be restored', () => {
  it(
    'refuses a damaged archive, or a non-empty installation, with one clear line and restores nothing',
    async () => {
      const [source, target] = await Promise.all([
        emptyInstallation(postgresUrl),
        emptyInstallation(postgresUrl),
      ]);
      try {
        await insertPerson(source.database.db);
        await source.files.put(
          fileKeyFor(Buffer.from('%PDF-1.4 a scan'), 'pdf'),
          Buffer.from('%PDF-1.4 a scan'),
        );
        const archive = path.join(work, 'small.zip');
        const { stream, done } = writeBackup({ ...source, generatedSecret: null });
        await Promise.all([done, pipeline(stream, fs.createWriteStream(archive))]);

        await expect(restoreBackup(archive, source)).rejects.toThrow(
          /^This installation already holds data \(table \w+\).*--force.*Nothing was restored\.$/,
        );
        // Cut short, as an interrupted download leaves it; then whole, with one part changed.
        const bytes = fs.readFileSync(archive);
        const cut = path.join(work, 'cut.zip');
        fs.writeFileSync(cut, bytes.subarray(0, bytes.length >> 1));
        await expect(restoreBackup(cut, target)).rejects.toThrow(
          'The backup is damaged: it is not a readable ZIP archive. Nothing was restored.',
        );
        const changed = path.join(work, 'changed.zip');
        await rewriteEntry(archive, changed, 'database/person.jsonl', (text) =>
          text.replace('"name":"', '"name":"X'),
        );
        await expect(restoreBackup(changed, target)).rejects.toThrow(
          'The backup is damaged: database/person.jsonl does not match its checksum. Nothing was restored.',
        );
        expect(await countRows(target.database, 'person')).toBe(0);
        expect(await storedKeys(target.files)).toEqual([]);
      } finally {
        await source.close();
        await target.close();
      }
    },
    DRILL_TIMEOUT,
  );
});

/** A copy of the archive `from` with the entry `name` changed by `change`: a valid ZIP, altered. */
async function rewriteEntry(from: string, to: string, name: string, change: (text: string) => string) {
  const copy = new yazl.ZipFile();
  const written = pipeline(copy.outputStream, fs.createWriteStream(to));
  const zip = await yauzl.openPromise(from, { lazyEntries: true });
  for await (const entry of zip.eachEntry()) {
    const content = await buffer(await zip.openReadStreamPromise(entry));
    copy.addBuffer(
      entry.fileName === name ? Buffer.from(change(content.toString())) : content,
      entry.fileName,
    );
  }
  zip.close();
  copy.end();
  await written;
}
