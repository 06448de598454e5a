import type { APIRequestContext } from '@playwright/test';
import { stringify } from 'csv-stringify/sync';
import { type ImportView, importsPath } from '../../src/shared/api/imports.ts';
import { type RecordFields, recordFieldNames } from '../../src/shared/api/people.ts';
import { appOrigin, expect } from './fixtures.ts';

/** An import of a hundred rows takes a few seconds on a busy machine. */
const SETTLED = { timeout: 30_000 };

/**
 * Adds people in one go through the import API (no images): the way to have more records than a
 * page holds, and one import's line in the audit trail.
 */
export async function importPeopleByApi(
  request: APIRequestContext,
  rows: RecordFields[],
  fileName = 'people.csv',
): Promise<ImportView> {
  const headers = { origin: appOrigin() };
  const csv = stringify(rows, { header: true, columns: [...recordFieldNames] });
  const file = { name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) };
  const started = await request.post(importsPath('people'), { headers, multipart: { file } });
  expect(started.status(), await started.text()).toBe(202);
  const { id } = (await started.json()) as { id: string };
  const view = async () => (await (await request.get(`${importsPath('people')}/${id}`)).json()) as ImportView;
  await expect.poll(async () => (await view()).status, SETTLED).toBe('ready');
  const committed = await request.post(`${importsPath('people')}/${id}/commit`, {
    headers,
    data: { duplicates: 'skip' },
  });
  expect(committed.status(), await committed.text()).toBe(202);
  await expect.poll(async () => (await view()).status, SETTLED).toBe('done');
  return view();
}
