import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PersonView,
  type RecordFields,
  recordFieldNames,
  requiredPersonFiles,
} from '#shared/api/people.ts';
import { auditEvent, person } from '../../db/schema/index.ts';
import { signInAs } from '../../test/staff-session.ts';
import { countRows, createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  multipartForm,
  personFields,
  personFiles,
  pngImage,
  storedKeys,
  type Upload,
} from '../../test/upload-fixtures.ts';

let harness: TestApp;
let staff: Awaited<ReturnType<typeof signInAs>>;
let admin: Awaited<ReturnType<typeof signInAs>>;
beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInAs(harness.app, 'staff');
  admin = await signInAs(harness.app, 'admin');
});
afterAll(async () => {
  await harness.close();
});

const inject = (options: InjectOptions) => harness.app.inject(options);

async function create(fields: Partial<RecordFields> = {}, files: Record<string, Upload | undefined> = {}) {
  const payload = multipartForm({ ...personFields(fields) }, { ...(await personFiles()), ...files });
  return inject({ method: 'POST', url: '/api/people', headers: staff.headers, payload });
}

async function created(fields: Partial<RecordFields> = {}): Promise<PersonView> {
  const response = await create(fields);
  expect(response.statusCode).toBe(201);
  return response.json();
}

const auditOf = (id: string) =>
  harness.database.db
    .select()
    .from(auditEvent)
    .where(and(eq(auditEvent.entityType, 'person'), eq(auditEvent.entityId, id)))
    .orderBy(asc(auditEvent.at));

describe('staff session', () => {
  it.each([
    ['GET', '/api/people'],
    ['POST', '/api/people'],
    ['GET', '/api/images'],
    ['DELETE', `/api/people/${randomUUID()}`],
  ] as const)('answers 401 to %s %s without a session', async (method, url) => {
    const response = await inject({ method, url });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('POST /api/people', () => {
  it('adds a person with webp images, thumbnails and the PDF, and audits it with its actor', async () => {
    const fields = personFields({ name: '  Grace Hopper  ' });
    const payload = multipartForm(fields, await personFiles());

    const response = await inject({ method: 'POST', url: '/api/people', headers: staff.headers, payload });

    expect(response.statusCode).toBe(201);
    const body: PersonView = response.json();
    expect(body).toMatchObject({
      ...fields,
      name: 'Grace Hopper',
      courseStatus: 'available',
      deletedAt: null,
    });
    for (const file of [body.passportImage, body.certificateImage, body.signatureImage]) {
      expect(file?.url).toMatch(/^\/files\/[a-f0-9]{64}\.webp$/);
      expect(file?.thumbnailUrl).toMatch(/^\/files\/[a-f0-9]{64}\.webp$/);
      expect(file?.contentType).toBe('image/webp');
    }
    expect(body.pdf?.url).toMatch(/^\/files\/[a-f0-9]{64}\.pdf$/);
    const served = await inject({ method: 'GET', url: body.passportImage?.url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const [event, ...more] = await auditOf(body.id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ action: 'create', actorId: staff.user.id, actorEmail: staff.user.email });
    expect(event?.changes.name).toEqual([null, 'Grace Hopper']);
    expect(event?.changes.passportImage).toEqual([null, body.passportImage?.url.slice('/files/'.length)]);
  });

  it.each(recordFieldNames)('refuses a form without %s with 400 naming the field', async (field) => {
    const fields: Record<string, string> = { ...personFields() };
    delete fields[field];
    const before = await countRows(harness.database, 'person');

    const response = await inject({
      method: 'POST',
      url: '/api/people',
      headers: staff.headers,
      payload: multipartForm(fields, await personFiles()),
    });

    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('INVALID_INPUT');
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(body.fields[field]).toMatch(/ is required$/);
    expect(await countRows(harness.database, 'person')).toBe(before);
  });

  it('says "Name is required" for a missing or blank name', async () => {
    const response = await create({ name: '   ' });
    expect(response.json()).toMatchObject({ statusCode: 400, fields: { name: 'Name is required' } });
  });

  it.each(requiredPersonFiles)('refuses a form without %s with 400 naming the file', async (field) => {
    const labels = {
      passportImage: 'Passport image',
      certificateImage: 'Certificate image',
      signatureImage: 'Signature image',
    };
    const response = await create({}, { [field]: undefined });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ [field]: `${labels[field]} is required` });
  });

  it('treats an empty file part (no file chosen) as missing, and the PDF as optional', async () => {
    const empty = await create({}, { signatureImage: { data: Buffer.alloc(0), filename: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ signatureImage: 'Signature image is required' });

    const withoutPdf = await create({}, { pdf: undefined });
    expect(withoutPdf.statusCode).toBe(201);
    expect(withoutPdf.json().pdf).toBeNull();
  });

  it('names every wrong field at once: text, dates and files', async () => {
    const response = await create(
      { dob: '2023-02-30', gender: 'x'.repeat(201), passedDate: 'yesterday' },
      { passportImage: undefined },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      dob: 'Date of birth must be a real calendar date',
      gender: 'Gender must be at most 200 characters',
      passedDate: 'Passed date must be a date (YYYY-MM-DD)',
      passportImage: 'Passport image is required',
    });
  });

  it('refuses a text field longer than the multipart field limit as too long, never cut short', async () => {
    const response = await create({ nationality: 'é'.repeat(1000) });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ nationality: 'Nationality must be at most 200 characters' });
  });

  it('refuses a duplicate FIN + e-Cert pair with 409, storing no row and no file', async () => {
    const first = await created();
    const keysBefore = await storedKeys(harness.app.files);
    const rowsBefore = await countRows(harness.database, 'person');

    const response = await create({ finNumber: first.finNumber, eCertNumber: first.eCertNumber });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'A record with this FIN number and e-Cert serial no. already exists.',
    });
    expect(await countRows(harness.database, 'person')).toBe(rowsBefore);
    expect(await storedKeys(harness.app.files)).toEqual(keysBefore);
  });

  it('lets one of two racing requests for the same pair win; the other leaves no file behind', async () => {
    const first = await created();
    const shared = await pngImage(500, 400);
    const sharing = await create({}, { passportImage: { data: shared, filename: 'p.png' } });
    expect(sharing.statusCode).toBe(201);
    const sharedKey = sharing.json().passportImage.url.slice('/files/'.length);
    const keysBefore = await storedKeys(harness.app.files);

    // Both may pass the duplicate check; the unique index then decides (see create-person.test.ts).
    const racers = await Promise.all([
      create(
        { finNumber: 'RACE00001', eCertNumber: first.eCertNumber },
        { passportImage: { data: shared, filename: 'p.png' } },
      ),
      create(
        { finNumber: 'RACE00001', eCertNumber: first.eCertNumber },
        { passportImage: { data: shared, filename: 'p.png' } },
      ),
    ]);

    const statuses = racers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    const winner = racers.find((r) => r.statusCode === 201)?.json() as PersonView;
    const expected = new Set([
      ...keysBefore,
      ...[winner.passportImage, winner.certificateImage, winner.signatureImage, winner.pdf].flatMap((file) =>
        [file?.url, file?.thumbnailUrl]
          .filter((url): url is string => !!url)
          .map((url) => url.slice('/files/'.length)),
      ),
    ]);
    expect(await storedKeys(harness.app.files)).toEqual([...expected].sort());
    expect(await storedKeys(harness.app.files)).toContain(sharedKey);
  });

  it('allows the pair of a record that is in the trash', async () => {
    const first = await created();
    expect(
      (await inject({ method: 'DELETE', url: `/api/people/${first.id}`, headers: staff.headers })).statusCode,
    ).toBe(204);
    const again = await create({ finNumber: first.finNumber, eCertNumber: first.eCertNumber });
    expect(again.statusCode).toBe(201);
  });
});

describe('GET /api/people/:id', () => {
  it('returns a live person', async () => {
    const person = await created();
    const response = await inject({ method: 'GET', url: `/api/people/${person.id}`, headers: staff.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(person);
  });

  it.each([
    ['an unknown id', randomUUID()],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s', async (_label, id) => {
    const response = await inject({ method: 'GET', url: `/api/people/${id}`, headers: staff.headers });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});

describe('PATCH /api/people/:id', () => {
  const patch = (
    id: string,
    fields: Record<string, string>,
    files: Record<string, Upload | undefined> = {},
  ) =>
    inject({
      method: 'PATCH',
      url: `/api/people/${id}`,
      headers: staff.headers,
      payload: multipartForm(fields, files),
    });
  const read = async (id: string): Promise<PersonView> =>
    (await inject({ method: 'GET', url: `/api/people/${id}`, headers: staff.headers })).json();

  it('replaces only the image sent, keeps the others and the PDF, and audits the change by key', async () => {
    const before = await created();
    const { id, courseStatus, createdAt, updatedAt, deletedAt, revokedAt, revocationReason, ...rest } =
      before;
    const text = Object.fromEntries(recordFieldNames.map((name) => [name, String(rest[name])]));

    const response = await patch(
      id,
      { ...text, testResult: 'Pending' },
      { certificateImage: { data: await pngImage(), filename: 'new-certificate.png' } },
    );

    expect(response.statusCode).toBe(200);
    const after: PersonView = response.json();
    expect(after.testResult).toBe('Pending');
    expect(after.certificateImage?.url).not.toBe(before.certificateImage?.url);
    expect(after.passportImage).toEqual(before.passportImage);
    expect(after.signatureImage).toEqual(before.signatureImage);
    expect(after.pdf).toEqual(before.pdf);
    expect(after.createdAt).toBe(createdAt);
    expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(updatedAt));

    const events = await auditOf(id);
    expect(events.map((e) => e.action)).toEqual(['create', 'update']);
    expect(events[1]).toMatchObject({ actorId: staff.user.id, actorEmail: staff.user.email });
    const keyOf = (url?: string) => url?.slice('/files/'.length);
    expect(events[1]?.changes).toEqual({
      testResult: ['Passed', 'Pending'],
      certificateImage: [keyOf(before.certificateImage?.url), keyOf(after.certificateImage?.url)],
    });
  });

  it('changes only what was sent: every other field and every file keep their values', async () => {
    const before = await created();

    const nationality = await patch(before.id, { nationality: 'Singaporean' });

    expect(nationality.statusCode).toBe(200);
    const { updatedAt: _was, ...kept } = before;
    expect(nationality.json()).toMatchObject({ ...kept, nationality: 'Singaporean' });
    expect((await auditOf(before.id)).at(-1)?.changes).toEqual({ nationality: ['British', 'Singaporean'] });

    const signature = await patch(
      before.id,
      {},
      { signatureImage: { data: await pngImage(480, 200), filename: 'new-signature.png' } },
    );

    expect(signature.statusCode).toBe(200);
    const after: PersonView = signature.json();
    expect(after).toMatchObject({ ...kept, nationality: 'Singaporean', signatureImage: expect.any(Object) });
    expect(after.signatureImage?.url).not.toBe(before.signatureImage?.url);
  });

  it('still refuses a field sent empty, and a change with nothing in it, changing nothing', async () => {
    const before = await created();

    const blank = await patch(before.id, { name: '', dob: '  ' });
    const nothing = await patch(before.id, {});

    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ name: 'Name is required', dob: 'Date of birth is required' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'Nothing to change: send at least one field or file.',
    });
    expect(await read(before.id)).toEqual(before);
    expect(await auditOf(before.id)).toHaveLength(1);
  });

  it('refuses with 409 a change to either half of the pair that makes a live pair, changing nothing', async () => {
    const taken = await created({ finNumber: 'PAIR00001' });
    const sameFin = await created({ finNumber: 'PAIR00001' });
    const sameSerial = await created({ finNumber: 'PAIR00002', eCertNumber: taken.eCertNumber });
    const keysBefore = await storedKeys(harness.app.files);
    const newImage = { certificateImage: { data: await pngImage(), filename: 'c.png' } };

    const serialOnly = await patch(sameFin.id, { eCertNumber: taken.eCertNumber }, newImage);
    const finOnly = await patch(sameSerial.id, { finNumber: taken.finNumber, name: 'Someone Else' });

    for (const response of [serialOnly, finOnly]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('CONFLICT');
    }
    for (const unchanged of [sameFin, sameSerial]) {
      expect(await read(unchanged.id)).toEqual(unchanged);
      expect(await auditOf(unchanged.id)).toHaveLength(1);
    }
    expect(await storedKeys(harness.app.files)).toEqual(keysBefore);
  });

  it('refuses a whole form holding a pair another live record holds, but not its own pair', async () => {
    const [one, two] = [await created(), await created()];
    const text = (p: PersonView) =>
      Object.fromEntries(recordFieldNames.map((name) => [name, String(p[name])]));

    const duplicate = await patch(one.id, {
      ...text(one),
      finNumber: two.finNumber,
      eCertNumber: two.eCertNumber,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('CONFLICT');

    expect((await patch(one.id, text(one))).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or deleted record', async () => {
    const gone = await created();
    await inject({ method: 'DELETE', url: `/api/people/${gone.id}`, headers: staff.headers });
    const fields = personFields();
    expect((await patch(gone.id, { ...fields })).statusCode).toBe(404);
    expect((await patch(randomUUID(), { ...fields })).statusCode).toBe(404);
  });
});

describe('trash: DELETE /api/people/:id and POST /api/people/:id/restore', () => {
  it('moves a record to the trash, and only an administrator brings it back, all audited', async () => {
    const record = await created();

    const deleted = await inject({
      method: 'DELETE',
      url: `/api/people/${record.id}`,
      headers: staff.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await inject({ method: 'GET', url: `/api/people/${record.id}`, headers: staff.headers })).statusCode,
    ).toBe(404);
    const [row] = await harness.database.db.select().from(person).where(eq(person.id, record.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const again = await inject({ method: 'DELETE', url: `/api/people/${record.id}`, headers: staff.headers });
    expect(again.statusCode).toBe(404);

    const trash = await inject({
      method: 'GET',
      url: `/api/people/trash?q=${record.eCertNumber}`,
      headers: admin.headers,
    });
    expect(trash.json().items.map((p: PersonView) => p.id)).toEqual([record.id]);
    expect(
      (await inject({ method: 'GET', url: '/api/people/trash', headers: staff.headers })).statusCode,
    ).toBe(403);

    const url = `/api/people/${record.id}/restore`;
    const forbidden = await inject({ method: 'POST', url, headers: staff.headers });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');

    const restored = await inject({ method: 'POST', url, headers: admin.headers });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      id: record.id,
      deletedAt: null,
      passportImage: record.passportImage,
    });
    expect(
      (await inject({ method: 'GET', url: `/api/people/${record.id}`, headers: staff.headers })).statusCode,
    ).toBe(200);
    expect((await inject({ method: 'POST', url, headers: admin.headers })).statusCode).toBe(404);

    const events = await auditOf(record.id);
    expect(events.map((e) => [e.action, e.actorEmail])).toEqual([
      ['create', staff.user.email],
      ['delete', staff.user.email],
      ['restore', admin.user.email],
    ]);
    expect(events[1]?.changes.deletedAt?.[0]).toBeNull();
    expect(events[2]?.changes.deletedAt?.[1]).toBeNull();
  });

  it('refuses to restore a record whose pair a live record has taken since', async () => {
    const record = await created();
    await inject({ method: 'DELETE', url: `/api/people/${record.id}`, headers: staff.headers });
    await created({ finNumber: record.finNumber, eCertNumber: record.eCertNumber });

    const response = await inject({
      method: 'POST',
      url: `/api/people/${record.id}/restore`,
      headers: admin.headers,
    });

    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CONFLICT');
    expect((await auditOf(record.id)).map((e) => e.action)).toEqual(['create', 'delete']);
  });
});
