import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PersonView } from '#shared/api/people.ts';
import { queryRows } from '../../db/database.ts';
import { checked, csvOf, csvRow, zipOf } from '../../test/imports-api.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';
import { signInAs } from '../../test/staff-session.ts';
import { multipartForm, pngImage } from '../../test/upload-fixtures.ts';

// The product as shipped: passport scans are held by the issuer, for its staff.
const held = setUpPeopleApi();
// An issuer whose holders consented to their scans being published.
const published = setUpPeopleApi({ PUBLIC_IDENTITY_DOCUMENTS: 'true' });
// An issuer whose administrators must set up two-factor sign-in before the dashboard answers them.
const twoFactor = setUpPeopleApi({ REQUIRE_TWO_FACTOR_FOR_ADMINS: 'true' });

type Api = typeof held;

/**
 * A person added through the staff API, so the scan and its thumbnail are made as in use. Images of
 * different sizes: keys are content hashes, and plain images of nearly one colour encode alike.
 */
async function personWithScan(api: Api) {
  const image = async (name: string, width: number) => ({
    data: await pngImage(width, 200),
    filename: `${name}.png`,
    type: 'image/png',
  });
  const response = await api.create(
    {},
    {
      passportImage: await image('passport', 300),
      certificateImage: await image('certificate', 400),
      signatureImage: await image('signature', 500),
    },
  );
  expect(response.statusCode).toBe(201);
  const person: PersonView = response.json();
  const scan = person.passportImage?.url ?? '';
  const thumbnail = person.passportImage?.thumbnailUrl ?? '';
  expect(scan).toMatch(/^\/files\/[0-9a-f]{64}\.webp$/);
  expect(thumbnail).toMatch(/^\/files\/[0-9a-f]{64}\.webp$/);
  return { person, scan, thumbnail };
}

const get = (api: Api, url: string, cookie?: string) =>
  api.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** Replaces a person's passport scan as the edit form does; the old file stays for the grace period. */
async function replaceScan(api: Api, person: PersonView) {
  const response = await api.inject({
    method: 'PATCH',
    url: `/api/people/${person.id}`,
    headers: api.staff.headers,
    payload: multipartForm(
      {},
      { passportImage: { data: await pngImage(320, 210), filename: 'new-passport.png', type: 'image/png' } },
    ),
  });
  expect(response.statusCode, response.body).toBe(200);
  const after: PersonView = response.json();
  expect(after.passportImage?.url).not.toBe(person.passportImage?.url);
  return after;
}

/** Each file of a replaced scan is kept on disk, for staff only, by no cache. */
async function expectStaffOnly(api: Api, urls: string[]) {
  for (const url of urls) {
    expect((await get(api, url)).statusCode, url).toBe(401);
    const staff = await get(api, url, api.staff.cookie);
    expect(staff.statusCode, url).toBe(200);
    expect(staff.headers['cache-control']).toBe('private, no-store');
  }
}

describe('passport scans, as shipped', () => {
  it('leaves the scan out of the public record and its API', async () => {
    const { person, scan, thumbnail } = await personWithScan(held);

    const response = await get(held, `/api/certificates/${person.id}`);

    expect(response.statusCode).toBe(200);
    const { certificate } = response.json();
    expect(certificate.passportImage).toBeNull();
    expect(certificate.identityDocumentsPublic).toBe(false);
    expect(certificate.certificateImage?.url).toBe(person.certificateImage?.url);
    for (const url of [scan, thumbnail]) expect(response.body).not.toContain(url.slice('/files/'.length));
  });

  it('refuses the scan and its thumbnail to anyone not signed in, and serves the certificate', async () => {
    const { person, scan, thumbnail } = await personWithScan(held);

    for (const url of [scan, thumbnail]) {
      const response = await get(held, url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    const certificate = await get(held, person.certificateImage?.url ?? '');
    expect(certificate.statusCode).toBe(200);
    expect(certificate.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the scan and its thumbnail to staff, kept by no cache', async () => {
    const { scan, thumbnail } = await personWithScan(held);

    for (const url of [scan, thumbnail]) {
      const response = await get(held, url, held.staff.cookie);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.rawPayload.length).toBeGreaterThan(0);
    }
  });

  it('refuses the scan to an editor, whose session is for the pages only', async () => {
    const { scan } = await personWithScan(held);
    const editor = await signInAs(held.harness.app, 'editor');

    const response = await get(held, scan, editor.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
  });

  it('keeps the scan of a record in the trash staff-only', async () => {
    const { person, scan, thumbnail } = await personWithScan(held);
    const trashed = await held.inject({
      method: 'DELETE',
      url: `/api/people/${person.id}`,
      headers: held.staff.headers,
    });
    expect(trashed.statusCode).toBe(204);

    for (const url of [scan, thumbnail]) expect((await get(held, url)).statusCode, url).toBe(401);
    expect((await get(held, scan, held.staff.cookie)).statusCode).toBe(200);
  });
});

describe('identity documents no record holds any more', () => {
  it('keeps a replaced scan and its thumbnail staff-only', async () => {
    const { person, scan, thumbnail } = await personWithScan(held);
    await replaceScan(held, person);
    await expectStaffOnly(held, [scan, thumbnail]);
  });

  it('keeps a replaced scan staff-only even where scans are published', async () => {
    const { person, scan, thumbnail } = await personWithScan(published);
    const after = await replaceScan(published, person);
    await expectStaffOnly(published, [scan, thumbnail]);
    expect((await get(published, after.passportImage?.url ?? '')).statusCode).toBe(200);
  });

  it('keeps the scan of a checked, uncommitted import staff-only', async () => {
    const zip = await zipOf({ 'scan.png': await pngImage(330, 220) });
    const view = await checked(held, csvOf([csvRow({ passportImage: 'scan.png' })]), { zip });
    expect(view).toMatchObject({ status: 'ready', valid: 1 });
    const [staged] = await queryRows<{ key: string; thumbnail: string }>(
      held.harness.database.db,
      sql`select fields #>> '{passportImage,key}' as key, fields #>> '{passportImage,thumbnailKey}' as thumbnail
            from import_row where import_id = ${view.id} and fields is not null`,
    );
    expect(staged?.key).toMatch(/\.webp$/);
    await expectStaffOnly(held, [`/files/${staged?.key}`, `/files/${staged?.thumbnail}`]);
  });
});

describe('passport scans, with REQUIRE_TWO_FACTOR_FOR_ADMINS=true', () => {
  it('refuses them to an administrator who has not set up two-factor sign-in, as the staff API does', async () => {
    const { scan } = await personWithScan(twoFactor);

    const admin = await get(twoFactor, scan, twoFactor.admin.cookie);
    expect(admin.statusCode).toBe(403);
    expect(admin.json().code).toBe('TWO_FACTOR_REQUIRED');
    const api = await get(twoFactor, '/api/people', twoFactor.admin.cookie);
    expect(api.json().code).toBe('TWO_FACTOR_REQUIRED');
    expect((await get(twoFactor, scan, twoFactor.staff.cookie)).statusCode).toBe(200);
  });
});

describe('passport scans, with PUBLIC_IDENTITY_DOCUMENTS=true', () => {
  it('puts the scan back on the public record, and /files serves it to anyone', async () => {
    const { person, scan, thumbnail } = await personWithScan(published);

    const { certificate } = (await get(published, `/api/certificates/${person.id}`)).json();

    expect(certificate.identityDocumentsPublic).toBe(true);
    expect(certificate.passportImage).toEqual(person.passportImage);
    for (const url of [scan, thumbnail]) {
      const response = await get(published, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});
