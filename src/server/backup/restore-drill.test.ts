// A backup is worth what its restore gives back: fill an installation as staff do, back it up
// through the dashboard's download, restore it into an empty one and compare everything.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { splitSearchRangesAlone } from '../features/people/search-ranges.ts';
import { fileKeyFor } from '../files/file-store.ts';
import { ageCommand } from '../test/age-command.ts';
import {
  emptyInstallation,
  everyFile,
  everyIndex,
  everyRow,
  fill,
  type Installation,
  indexIds,
} from '../test/drill-kit.ts';
import { insertPerson } from '../test/people.ts';
import { startS3 } from '../test/s3-server.ts';
import { signInWith, TEST_PASSWORD } from '../test/staff-session.ts';
import { countRows } from '../test/test-app.ts';
import { storedKeys } from '../test/upload-fixtures.ts';
import { decryptArchive, encryptArchive } from './backup-encryption.ts';
import { restoreBackup } from './restore-backup.ts';
import { writeBackup } from './write-backup.ts';

const PASSPHRASE = 'drill passphrase of the month';

const postgresUrl = process.env.DATABASE_URL;
// Two installations and two app starts: on a shared 2-core machine that alone can take a minute.
const DRILL_TIMEOUT = 180_000;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-drill-archives-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Backs up `source` through POST /api/backup as an administrator; returns the archive's path. */
async function downloadBackup(source: Installation, adminCookie: string, name: string) {
  const app = await source.start();
  const response = await app.inject({
    method: 'POST',
    url: '/api/backup',
    headers: { cookie: adminCookie, origin: app.config.publicUrl },
    payload: { passphrase: PASSPHRASE },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/octet-stream');
  expect(response.rawPayload.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
  const file = path.join(work, name);
  fs.writeFileSync(file, response.rawPayload);
  return file;
}

type Env = Record<string, string>;

/**
 * What an operator may do with an archive by hand: decrypt it with the `age` command, unzip it,
 * zip the folder again (`zip -r`, folder entries and all) and encrypt that with `age -p`.
 */
async function repackedByHand(archive: string) {
  const folder = fs.mkdtempSync(path.join(work, 'by-hand-'));
  const zip = path.join(folder, 'backup.zip');
  await ageCommand(['-d', '-o', zip, archive], PASSPHRASE);
  execFileSync('unzip', ['-q', zip, '-d', path.join(folder, 'unpacked')]);
  const entries = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).split('\n');
  execFileSync('zip', ['-qr', path.join(folder, 'again.zip'), '.'], { cwd: path.join(folder, 'unpacked') });
  const again = path.join(folder, 'again.zip.age');
  await ageCommand(['-p', '-o', again, path.join(folder, 'again.zip')], PASSPHRASE);
  return { entries, archive: again };
}

async function drill(
  sourceUrl: string | undefined,
  targetUrl: string | undefined,
  env: Env = {},
  targetEnv = env,
  byHand = false,
) {
  const [source, target] = await Promise.all([
    emptyInstallation(sourceUrl, env),
    emptyInstallation(targetUrl, targetEnv),
  ]);
  try {
    const app = await source.start();
    const filled = await fill(app);
    // Ranges of two people, each with its own index here.
    expect(await splitSearchRangesAlone(source.database, 2)).toBeGreaterThan(1);
    const adminCookie = await signInWith(app, filled.admin, TEST_PASSWORD);
    const archive = await downloadBackup(source, adminCookie, `drill-${Date.now()}.zip`);
    const [rows, files] = [await everyRow(source.database), await everyFile(source.files)];
    const downloaded = rows.audit_event?.filter((line) => JSON.parse(line).action === 'download') ?? [];
    expect(downloaded.map((line) => JSON.parse(line))).toMatchObject([
      { entity_type: 'backup', actor_email: filled.admin },
    ]);

    let restoring = archive;
    if (byHand) {
      const repacked = await repackedByHand(archive);
      // No session, reset link or other one-time token leaves in an archive.
      expect(repacked.entries).toContain('database/user.jsonl');
      expect(repacked.entries).not.toContain('database/session.jsonl');
      expect(repacked.entries).not.toContain('database/verification.jsonl');
      expect(repacked.entries).not.toContain('database/person_search_range.jsonl');
      restoring = repacked.archive;
    }
    await expect(
      restoreBackup(restoring, { ...target, passphrase: 'not the drill passphrase' }),
    ).rejects.toThrow('The passphrase does not open this backup. Nothing was restored.');
    const [indexes, ids] = [await everyIndex(target.database), await indexIds(target.database)];
    expect(indexes.length).toBeGreaterThan(40);
    const summary = await restoreBackup(restoring, { ...target, passphrase: PASSPHRASE });
    expect(summary.tables.person).toBe(5);
    // Every index as it was; the ones that only speed up reads built again after the rows, keys kept.
    expect(await everyIndex(target.database)).toEqual(indexes);
    const idsAfter = await indexIds(target.database);
    expect(idsAfter.person_live_search_text_idx).not.toBe(ids.person_live_search_text_idx);
    expect(idsAfter.person_live_public_file_keys_idx).not.toBe(ids.person_live_public_file_keys_idx);
    expect(idsAfter.person_pkey).toBe(ids.person_pkey);
    expect(idsAfter.person_fin_ecert_live_idx).toBe(ids.person_fin_ecert_live_idx);
    expect(summary.files).toBe(files.size);
    // Every record, audit event, user and password hash; every file, byte for byte; and the restore
    // itself in the trail.
    const restoredRows = await everyRow(target.database);
    const restoreEvents = restoredRows.audit_event?.filter((line) => JSON.parse(line).action === 'restore');
    expect(restoreEvents?.map((line) => JSON.parse(line))).toMatchObject([
      { entity_type: 'backup', actor_id: null, entity_id: JSON.parse(downloaded[0] as string).entity_id },
    ]);
    expect({
      ...restoredRows,
      audit_event: restoredRows.audit_event?.filter((line) => !restoreEvents?.includes(line)),
    }).toEqual(rows);
    expect(await everyFile(target.files)).toEqual(files);
    // No range names an index the restore lacks: the search reads its one index meanwhile.
    expect(await countRows(target.database, 'person_search_range')).toBe(0);

    const restored = await target.start();
    // A session of the backed-up installation opens nothing on the restore, nor on the original
    // through the archive: the archive holds none.
    const oldSession = await restored.inject({ url: '/api/users', headers: { cookie: adminCookie } });
    expect(oldSession.statusCode).toBe(401);
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
    // The monthly check docs/deploy.md describes: an e-Cert PDF from before the backup, dropped on
    // the restore's /verify-credential (same PUBLIC_URL).
    const pdf = await app.inject({ url: `/api/certificates/${filled.valid.id.split('/').pop()}/e-cert.pdf` });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const pdfCheck = await restored.inject({
      method: 'POST',
      url: '/api/credentials/verify',
      headers: { 'content-type': 'application/pdf' },
      payload: pdf.rawPayload,
    });
    expect(pdfCheck.json().verified, pdfCheck.body).toBe(true);
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
      await drill(undefined, undefined, {}, {}, true);
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
        const archive = path.join(work, 'small.zip.age');
        const { stream, done } = await writeBackup(
          { ...source, generatedSecret: null },
          { passphrase: PASSPHRASE },
        );
        await Promise.all([done, pipeline(stream, fs.createWriteStream(archive))]);
        const into = (installation: Installation) => ({ ...installation, passphrase: PASSPHRASE });
        const refusal = (file: string) => restoreBackup(file, into(target));

        await expect(restoreBackup(archive, into(source))).rejects.toThrow(
          /^This installation already holds data \(table \w+\).*--force.*Nothing was restored\.$/,
        );
        // Cut short, as an interrupted download leaves it.
        const bytes = fs.readFileSync(archive);
        const cut = path.join(work, 'cut.zip.age');
        fs.writeFileSync(cut, bytes.subarray(0, bytes.length >> 1));
        await expect(refusal(cut)).rejects.toThrow(
          'The backup is damaged: it does not decrypt to its end (cut short or changed). Nothing was restored.',
        );
        // The ZIP inside, in clear: not an archive the portal writes.
        const plain = path.join(work, 'small.zip');
        await decryptArchive(archive, PASSPHRASE, plain);
        await expect(refusal(plain)).rejects.toThrow(
          'The backup is not an encrypted e-Cert Portal backup (an age file). Nothing was restored.',
        );
        const plainBytes = fs.readFileSync(plain);
        const cutZip = path.join(work, 'cut.zip');
        fs.writeFileSync(cutZip, plainBytes.subarray(0, plainBytes.length >> 1));
        await expect(refusal(await sealed(cutZip))).rejects.toThrow(
          'The backup is damaged: it is not a readable ZIP archive. Nothing was restored.',
        );
        // Whole, with one part changed.
        const changed = path.join(work, 'changed.zip');
        await rewriteEntries(plain, changed, {
          'database/person.jsonl': (text) => text.replace('"name":"', '"name":"X'),
        });
        await expect(refusal(await sealed(changed))).rejects.toThrow(
          'The backup is damaged: database/person.jsonl does not match its checksum. Nothing was restored.',
        );
        // A file under another file's key, its checksum in the manifest made to agree.
        const [scan] = await storedKeys(source.files);
        const swapped = path.join(work, 'swapped.zip');
        const forged = Buffer.from('%PDF-1.4 another scan');
        await rewriteEntries(plain, swapped, {
          [`files/${scan}`]: () => forged.toString(),
          'manifest.json': (text) => {
            const manifest = JSON.parse(text);
            manifest.parts[`files/${scan}`] = createHash('sha256').update(forged).digest('hex');
            return JSON.stringify(manifest);
          },
        });
        await expect(refusal(await sealed(swapped))).rejects.toThrow(
          `The backup is damaged: files/${scan} does not hold the file its name says. Nothing was restored.`,
        );
        // Whole and agreeing with its manifest, refused by the database while its rows go in (a
        // record twice): the indexes set aside for the load come back with everything else.
        const [indexes, ids] = [await everyIndex(target.database), await indexIds(target.database)];
        const person = execFileSync('unzip', ['-p', plain, 'database/person.jsonl'], { encoding: 'utf8' });
        const twice = path.join(work, 'twice.zip');
        await rewriteEntries(plain, twice, {
          'database/person.jsonl': () => person + person,
          'manifest.json': (text) => {
            const manifest = JSON.parse(text);
            manifest.parts['database/person.jsonl'] = createHash('sha256')
              .update(person + person)
              .digest('hex');
            return JSON.stringify(manifest);
          },
        });
        await expect(refusal(await sealed(twice))).rejects.toThrow(
          /^The database refused the backup's rows of table person \(duplicate key .*\)\. Nothing was restored\.$/,
        );
        expect(await everyIndex(target.database)).toEqual(indexes);
        expect(await indexIds(target.database)).toEqual(ids);
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

/** A ZIP as the portal seals one, encrypted with the passphrase; returns its path. */
async function sealed(zip: string) {
  const out = `${zip}.age`;
  await pipeline(await encryptArchive(fs.createReadStream(zip), PASSPHRASE), fs.createWriteStream(out));
  return out;
}

/** A copy of the ZIP `from` with the entries named in `changes` changed: a valid ZIP, altered. */
async function rewriteEntries(from: string, to: string, changes: Record<string, (text: string) => string>) {
  const copy = new yazl.ZipFile();
  const written = pipeline(copy.outputStream, fs.createWriteStream(to));
  const zip = await yauzl.openPromise(from, { lazyEntries: true });
  for await (const entry of zip.eachEntry()) {
    const content = await buffer(await zip.openReadStreamPromise(entry));
    const change = changes[entry.fileName];
    copy.addBuffer(change ? Buffer.from(change(content.toString())) : content, entry.fileName);
  }
  zip.close();
  copy.end();
  await written;
}
