import { describe, expect, it } from 'vitest';
import { type PersonView, recordFieldNames, requiredPersonFiles } from '#shared/api/people.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';
import { countRows } from '../../test/test-app.ts';
import {
  multipartForm,
  personFields,
  personFiles,
  pngImage,
  storedKeys,
} from '../../test/upload-fixtures.ts';

const api = setUpPeopleApi();
const { inject, create, created, auditOf } = api;

describe('POST /api/people', () => {
  it('adds a person with webp images, thumbnails and the PDF, and audits it with its actor', async () => {
    const fields = personFields({ name: '  Grace Hopper  ' });
    const payload = multipartForm(fields, await personFiles());

    const response = await inject({
      method: 'POST',
      url: '/api/people',
      headers: api.staff.headers,
      payload,
    });

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
    // An identity document: served to the staff session that added it.
    const served = await inject({
      method: 'GET',
      url: body.passportImage?.url ?? '',
      headers: { cookie: api.staff.cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const [event, ...more] = await auditOf(body.id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      action: 'create',
      actorId: api.staff.user.id,
      actorEmail: api.staff.user.email,
    });
    expect(event?.changes.name).toEqual([null, 'Grace Hopper']);
    expect(event?.changes.passportImage).toEqual([null, body.passportImage?.url.slice('/files/'.length)]);
  });

  it.each(recordFieldNames)('refuses a form without %s with 400 naming the field', async (field) => {
    const fields: Record<string, string> = { ...personFields() };
    delete fields[field];
    const before = await countRows(api.harness.database, 'person');

    const response = await inject({
      method: 'POST',
      url: '/api/people',
      headers: api.staff.headers,
      payload: multipartForm(fields, await personFiles()),
    });

    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('INVALID_INPUT');
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(body.fields[field]).toMatch(/ is required$/);
    expect(await countRows(api.harness.database, 'person')).toBe(before);
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
    const keysBefore = await storedKeys(api.harness.app.files);
    const rowsBefore = await countRows(api.harness.database, 'person');

    const response = await create({ finNumber: first.finNumber, eCertNumber: first.eCertNumber });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'A record with this FIN number and e-Cert serial no. already exists.',
    });
    expect(await countRows(api.harness.database, 'person')).toBe(rowsBefore);
    expect(await storedKeys(api.harness.app.files)).toEqual(keysBefore);
  });

  it('lets one of two racing requests for the same pair win; the other leaves no file behind', async () => {
    const first = await created();
    const shared = await pngImage(500, 400);
    const sharing = await create({}, { passportImage: { data: shared, filename: 'p.png' } });
    expect(sharing.statusCode).toBe(201);
    const sharedKey = sharing.json().passportImage.url.slice('/files/'.length);
    const keysBefore = await storedKeys(api.harness.app.files);

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
    expect(await storedKeys(api.harness.app.files)).toEqual([...expected].sort());
    expect(await storedKeys(api.harness.app.files)).toContain(sharedKey);
  });

  it('allows the pair of a record that is in the trash', async () => {
    const first = await created();
    expect(
      (await inject({ method: 'DELETE', url: `/api/people/${first.id}`, headers: api.staff.headers }))
        .statusCode,
    ).toBe(204);
    const again = await create({ finNumber: first.finNumber, eCertNumber: first.eCertNumber });
    expect(again.statusCode).toBe(201);
  });
});
