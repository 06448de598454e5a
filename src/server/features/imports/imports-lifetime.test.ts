import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/database.ts';
import { checked, committed, csvOf, csvRow, zipOf } from '../../test/imports-api.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';
import { pngImage } from '../../test/upload-fixtures.ts';
import { importUploadsDir } from './receive-upload.ts';
import { IMPORT_KEPT_HOURS, sweepImports } from './sweep-imports.ts';

const api = setUpPeopleApi();
const HOUR = 3_600_000;

const stagedRows = async (id: string) =>
  (
    await queryRows<{ n: number }>(
      api.harness.database.db,
      sql`select count(*)::int as n from import_row where import_id = ${id}`,
    )
  )[0]?.n;

const sweepAt = (hoursFromNow: number) =>
  sweepImports(
    {
      db: api.harness.database.db,
      files: api.harness.app.files,
      embedded: api.harness.database.kind === 'pglite',
      uploadsDir: importUploadsDir(api.harness.app.config.dataDir),
    },
    new Date(Date.now() + hoursFromNow * HOUR),
  );

const get = (url: string) => api.inject({ url, headers: api.staff.headers });

describe('the rows an import stages', () => {
  it('are all deleted once it is committed, and errors.csv then says they are gone', async () => {
    const view = await checked(api, csvOf([csvRow(), csvRow({ dob: 'bad' })]));
    expect(await stagedRows(view.id)).toBe(2);
    expect(await committed(api, view.id)).toMatchObject({ status: 'done', created: 1 });
    // They go just after the import turns done, outside the commit's transaction.
    await vi.waitFor(async () => expect(await stagedRows(view.id)).toBe(0), { timeout: 10_000 });
    const errors = await get(`/api/imports/${view.id}/errors.csv`);
    expect(errors.json()).toMatchObject({
      statusCode: 404,
      message: `This import no longer keeps its rows: they go once it is committed, or ${IMPORT_KEPT_HOURS} hours after the upload.`,
    });
  });

  it(`of an import nobody commits go ${IMPORT_KEPT_HOURS} hours after its upload, with the files only they named`, async () => {
    const zip = await zipOf({ 'photo.png': await pngImage(300, 200) });
    const view = await checked(api, csvOf([csvRow({ passportImage: 'photo.png' }), csvRow({ dob: 'x' })]), {
      zip,
    });
    expect(view).toMatchObject({ status: 'ready', valid: 1, invalid: 1 });
    const [staged] = await queryRows<{ key: string }>(
      api.harness.database.db,
      sql`select fields #>> '{passportImage,key}' as key from import_row where import_id = ${view.id} and fields is not null`,
    );
    const key = staged?.key ?? '';
    const files = api.harness.app.files;

    await sweepAt(IMPORT_KEPT_HOURS - 1);
    expect(await stagedRows(view.id)).toBe(2);
    expect(await files.stat?.(key)).not.toBeNull();
    expect((await get(`/api/imports/${view.id}`)).json()).toMatchObject({
      status: 'ready',
      committable: true,
    });

    await sweepAt(IMPORT_KEPT_HOURS + 1);
    expect(await stagedRows(view.id)).toBe(0);
    expect(await files.stat?.(key)).toBeNull();
    const expired = (await get(`/api/imports/${view.id}`)).json();
    expect(expired).toMatchObject({ status: 'failed', committable: false });
    expect(expired.message).toBe(
      `This import has expired: an import is kept for ${IMPORT_KEPT_HOURS} hours after its upload. Upload the file again.`,
    );
    expect((await get(`/api/imports/${view.id}/errors.csv`)).statusCode).toBe(404);
  });

  it('an upload folder a killed server left behind goes with them', async () => {
    const left = path.join(importUploadsDir(api.harness.app.config.dataDir), 'upload-left-behind');
    fs.mkdirSync(left, { recursive: true });
    fs.writeFileSync(path.join(left, 'file'), 'name,dob\n');
    await sweepAt(IMPORT_KEPT_HOURS - 1);
    expect(fs.existsSync(left)).toBe(true);
    await sweepAt(IMPORT_KEPT_HOURS + 1);
    expect(fs.existsSync(left)).toBe(false);
  });
});
