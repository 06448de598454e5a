import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type PersonView, recordFieldNames } from '#shared/api/people.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';
import {
  multipartForm,
  personFields,
  pngImage,
  storedKeys,
  type Upload,
} from '../../test/upload-fixtures.ts';

const api = setUpPeopleApi();
const { inject, created, auditOf } = api;

describe('PATCH /api/people/:id', () => {
  const patch = (
    id: string,
    fields: Record<string, string>,
    files: Record<string, Upload | undefined> = {},
  ) =>
    inject({
      method: 'PATCH',
      url: `/api/people/${id}`,
      headers: api.staff.headers,
      payload: multipartForm(fields, files),
    });
  const read = async (id: string): Promise<PersonView> =>
    (await inject({ method: 'GET', url: `/api/people/${id}`, headers: api.staff.headers })).json();

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
    expect(events[1]).toMatchObject({ actorId: api.staff.user.id, actorEmail: api.staff.user.email });
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
    const keysBefore = await storedKeys(api.harness.app.files);
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
    expect(await storedKeys(api.harness.app.files)).toEqual(keysBefore);
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
    await inject({ method: 'DELETE', url: `/api/people/${gone.id}`, headers: api.staff.headers });
    const fields = personFields();
    expect((await patch(gone.id, { ...fields })).statusCode).toBe(404);
    expect((await patch(randomUUID(), { ...fields })).statusCode).toBe(404);
  });
});
