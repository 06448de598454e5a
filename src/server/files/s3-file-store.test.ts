import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphanFiles } from '../features/uploads/sweep-orphan-files.ts';
import { startS3 } from '../test/s3-server.ts';
import { signInAs } from '../test/staff-session.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { multipartForm, personFields, personFiles, pngImage, storedKeys } from '../test/upload-fixtures.ts';
import { fileKeyFor } from './file-store.ts';

describe('FILE_STORE=s3 against a real S3 protocol server', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let harness: TestApp;
  beforeAll(async () => {
    s3 = await startS3();
    harness = await createTestApp(s3.env);
  });
  afterAll(async () => {
    await harness?.close();
    await s3?.close();
  });

  it('stores what a person is added with in the bucket and serves it through /files/:key', async () => {
    const { app } = harness;
    const staff = await signInAs(app, 'staff');
    const payload = multipartForm({ ...personFields({ finNumber: 'S3000001A' }) }, await personFiles());
    const created = await app.inject({ method: 'POST', url: '/api/people', headers: staff.headers, payload });
    expect(created.statusCode).toBe(201);

    const { url } = created.json().passportImage as { url: string };
    const key = url.replace('/files/', '');
    expect(await storedKeys(app.files)).toContain(key);
    const served = await app.inject({ method: 'GET', url, headers: staff.headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    const missing = await app.inject({
      method: 'GET',
      url: `/files/${'0'.repeat(64)}.webp`,
      headers: staff.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('leaves no object behind when a request is refused', async () => {
    const { app } = harness;
    const staff = await signInAs(app, 'staff');
    const fields = personFields({ finNumber: 'S3000002A', eCertNumber: 'S3-PAIR' });
    const first = multipartForm({ ...fields }, await personFiles());
    expect(
      (await app.inject({ method: 'POST', url: '/api/people', headers: staff.headers, payload: first }))
        .statusCode,
    ).toBe(201);
    const before = await storedKeys(app.files);

    // The same pair again, with new images: 409, and none of its files stay in the bucket.
    const files = await personFiles();
    files.passportImage = { filename: 'other.png', type: 'image/png', data: await pngImage(401, 301) };
    const again = multipartForm({ ...fields }, files);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/people',
      headers: staff.headers,
      payload: again,
    });
    expect(refused.statusCode).toBe(409);
    expect(await storedKeys(app.files)).toEqual(before);
  });

  it('sweeps an unreferenced object only once its grace period has passed', async () => {
    const { app } = harness;
    const orphan = await pngImage(123, 45);
    const key = fileKeyFor(orphan, 'png');
    await app.files.put(key, orphan);
    const referenced = await storedKeys(app.files);

    expect(await sweepOrphanFiles(app.db, app.files)).toBe(0);
    expect(await storedKeys(app.files)).toContain(key);
    const later = new Date(Date.now() + 24 * 3600_000);
    expect(await sweepOrphanFiles(app.db, app.files, { now: later })).toBe(1);
    expect(await storedKeys(app.files)).toEqual(referenced.filter((stored) => stored !== key));
  });

  it('reports the bucket in the readiness view', async () => {
    const ready = await harness.app.inject({ url: '/api/health/ready' });
    expect(ready.json().checks.files).toBe('ok');
  });

  it('answers null for a missing object and refuses a malformed key', async () => {
    const store = s3.bucket;
    expect(await store.open(`${'a'.repeat(64)}.png`)).toBeNull();
    expect(await store.stat?.(`${'a'.repeat(64)}.png`)).toBeNull();
    await expect(store.put('../escape.png', Buffer.from('x'))).rejects.toThrow('Invalid file key');
  });
});
