import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingStatements } from '../../test/counting-statements.ts';
import { insertPerson } from '../../test/people.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { prepareFindCertificate } from './find-certificate.ts';

let masked: TestApp;
let unmasked: TestApp;
beforeAll(async () => {
  [masked, unmasked] = await Promise.all([createTestApp(), createTestApp({ MASK_IDENTIFIERS: 'false' })]);
});
afterAll(async () => {
  await Promise.all([masked.close(), unmasked.close()]);
});

const get = (harness: TestApp, url: string) => harness.app.inject({ method: 'GET', url });

describe('GET /api/certificates/:id', () => {
  it('returns the record, masked, with every live record sharing its FIN, newest passed first', async () => {
    const { db } = masked.database;
    const fin = 'F7654321Z';
    const record = await insertPerson(db, {
      finNumber: fin,
      passportNumber: 'PX9876543',
      tradeTested: 'Forklift Operation',
      passedDate: '2025-06-01',
      testResult: 'Passed',
    });
    await insertPerson(db, {
      finNumber: fin,
      tradeTested: 'Welding',
      passedDate: '2026-01-15',
      testResult: 'Pending',
    });
    await insertPerson(db, {
      finNumber: fin,
      tradeTested: 'First Aid',
      passedDate: '2023-02-01',
      testResult: 'failed',
    });
    await insertPerson(db, {
      finNumber: fin,
      tradeTested: 'Deleted',
      passedDate: '2024-01-01',
      deletedAt: new Date(),
    });
    await insertPerson(db, { finNumber: 'OTHER0001', tradeTested: 'Someone else' });

    const response = await get(masked, `/api/certificates/${record.id}`);

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.certificate).toMatchObject({
      id: record.id,
      finNumber: '*****321Z',
      passportNumber: '*****6543',
      tradeTested: 'Forklift Operation',
      status: 'valid',
      issuer: 'Demo Skills Institute',
      masked: true,
    });
    expect(body.certificate).not.toHaveProperty('eCertNumber');
    // The record asked for is marked among those sharing its FIN.
    expect(
      body.records.map((r: { courseName: string; current: boolean }) => [r.courseName, r.current]),
    ).toEqual([
      ['Welding', false],
      ['Forklift Operation', true],
      ['First Aid', false],
    ]);
    expect(body.records[0]).toEqual({
      courseName: 'Welding',
      courseLevel: 'Level 1',
      passedDate: '2026-01-15',
      result: 'Pending',
      // A pending result is a training record, not an e-Cert, however recent.
      state: 'not-passed',
      current: false,
    });
  });

  it('shows identifiers in full when the operator turns masking off', async () => {
    const record = await insertPerson(unmasked.database.db, {
      finNumber: 'F1112223K',
      passportNumber: 'PZ1234567',
    });
    const body = (await get(unmasked, `/api/certificates/${record.id}`)).json();
    expect(body.certificate.finNumber).toBe('F1112223K');
    expect(body.certificate.passportNumber).toBe('PZ1234567');
  });

  it('computes the course status on read from the passed date', async () => {
    const { db } = masked.database;
    const old = await insertPerson(db, { finNumber: 'F0000001A', passedDate: '2015-01-01' });
    const fresh = await insertPerson(db, { finNumber: 'F0000002A' });
    expect((await get(masked, `/api/certificates/${old.id}`)).json().certificate.courseStatus).toBe(
      'unavailable',
    );
    expect((await get(masked, `/api/certificates/${fresh.id}`)).json().certificate.courseStatus).toBe(
      'available',
    );
  });

  it('says when a record expires and names it expired once that day has passed', async () => {
    const { db } = masked.database;
    const old = await insertPerson(db, { finNumber: 'F0000011A', passedDate: '2015-01-31' });
    const { certificate, records } = (await get(masked, `/api/certificates/${old.id}`)).json();
    expect(certificate).toMatchObject({
      courseStatus: 'unavailable',
      courseExpiresOn: '2017-01-31',
      state: 'expired',
    });
    expect(records).toEqual([expect.objectContaining({ passedDate: '2015-01-31', state: 'expired' })]);

    const fresh = await insertPerson(db, { finNumber: 'F0000012A' });
    const view = (await get(masked, `/api/certificates/${fresh.id}`)).json().certificate;
    expect(view).toMatchObject({ courseStatus: 'available', state: 'valid' });
    expect(view.courseExpiresOn > new Date().toISOString().slice(0, 10)).toBe(true);
  });

  it("names a revoked record revoked even past its validity, and so its row among the FIN's", async () => {
    const { db } = masked.database;
    const fin = 'F0000013A';
    const revoked = await insertPerson(db, {
      finNumber: fin,
      tradeTested: 'Revoked course',
      passedDate: '2015-01-01',
      revokedAt: new Date('2026-01-01T00:00:00Z'),
      revocationReason: 'Issued in error',
    });
    await insertPerson(db, { finNumber: fin, tradeTested: 'Current course' });
    await insertPerson(db, { finNumber: fin, tradeTested: 'Old course', passedDate: '2016-01-01' });

    const { certificate, records } = (await get(masked, `/api/certificates/${revoked.id}`)).json();
    expect(certificate.state).toBe('revoked');
    expect(records.map((r: { courseName: string; state: string }) => [r.courseName, r.state])).toEqual([
      ['Current course', 'valid'],
      ['Old course', 'expired'],
      ['Revoked course', 'revoked'],
    ]);
  });

  it('marks a revoked record with its reason', async () => {
    const record = await insertPerson(masked.database.db, {
      finNumber: 'F0000003A',
      revokedAt: new Date('2026-01-01T00:00:00Z'),
      revocationReason: 'Issued in error',
    });
    const { certificate } = (await get(masked, `/api/certificates/${record.id}`)).json();
    expect(certificate.status).toBe('revoked');
    expect(certificate.revocationReason).toBe('Issued in error');
    expect(certificate.revokedAt).toBe('2026-01-01T00:00:00.000Z');
  });

  it.each([
    ['an unknown well-formed id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-uuid'],
    ['an SQL-looking id', "1' or '1'='1"],
  ])('answers 404 for %s', async (_label, id) => {
    const response = await get(masked, `/api/certificates/${encodeURIComponent(id)}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'No data to display.' });
  });

  it('answers 404 for a deleted record', async () => {
    const record = await insertPerson(masked.database.db, { finNumber: 'F0000004A', deletedAt: new Date() });
    expect((await get(masked, `/api/certificates/${record.id}`)).statusCode).toBe(404);
  });
  it('answers each of many record pages asked for at once with its own record', async () => {
    const { db } = unmasked.database;
    const people = await Promise.all(
      ['F0000006A', 'F0000007A', 'F0000007A'].map((finNumber, index) =>
        insertPerson(db, { finNumber, tradeTested: `Course ${index}`, passedDate: `202${index}-01-01` }),
      ),
    );
    const deleted = await insertPerson(db, { finNumber: 'F0000008A', deletedAt: new Date() });
    const ids = [...people.map((person) => person.id), deleted.id, people[0]?.id, 'not-a-uuid'];

    const answers = await Promise.all(ids.map((id) => get(unmasked, `/api/certificates/${id}`)));

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 404, 200, 404]);
    const shown = answers.slice(0, 3).map((answer) => answer.json());
    expect(shown.map((body) => body.certificate.tradeTested)).toEqual(['Course 0', 'Course 1', 'Course 2']);
    // The two records sharing a FIN each list both, newest passed first, each marking its own.
    expect(
      shown.map((body) =>
        body.records.map((record: { courseName: string; current: boolean }) =>
          record.current ? `${record.courseName} (this)` : record.courseName,
        ),
      ),
    ).toEqual([['Course 0 (this)'], ['Course 2', 'Course 1 (this)'], ['Course 2 (this)', 'Course 1']]);
  });
});

describe('prepareFindCertificate', () => {
  it('reads the records asked for at once with one statement', async () => {
    const { database } = masked;
    const people = await Promise.all(
      ['F0000009A', 'F0000010A'].map((finNumber) => insertPerson(database.db, { finNumber })),
    );
    const counting = countingStatements(database);
    const findCertificate = prepareFindCertificate(counting);

    const found = await Promise.all(
      [...people.map((person) => person.id), '00000000-0000-4000-8000-000000000000'].map(findCertificate),
    );

    expect(found.map((record) => record?.row.finNumber ?? null)).toEqual(['F0000009A', 'F0000010A', null]);
    expect(counting.executions()).toBe(1);
  });
});

describe('GET /api/certificates/:id/qr.png', () => {
  it("draws a QR code that reads as the record's address, and 404 for an unknown record", async () => {
    const record = await insertPerson(masked.database.db, { finNumber: 'F0000005A' });
    const found = await get(masked, `/api/certificates/${record.id.toUpperCase()}/qr.png`);
    const unknown = await get(masked, '/api/certificates/00000000-0000-4000-8000-000000000000/qr.png');

    expect(found.statusCode).toBe(200);
    expect(found.headers['content-type']).toBe('image/png');
    const image = PNG.sync.read(found.rawPayload);
    const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(code?.data).toBe(`${masked.app.config.publicUrl}/info/${record.id}`);
    expect(unknown.statusCode).toBe(404);
  });
});
