// kill -9 while an import commits, start again: not one of its rows is there, and it can be committed again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportView } from '#shared/api/imports.ts';
import type { PeoplePage } from '#shared/api/people.ts';
import { csvOf, csvRow } from '../../src/server/test/imports-api.ts';
import { createScratchDatabase } from '../../src/server/test/scratch-database.ts';
import {
  createInstallation,
  type Installation,
  type RunningServer,
  signIn,
  sleep,
  startServer,
} from './server-process.ts';

const databaseKind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const ROWS = 20_000;

describe(`an import whose server is killed during the commit (${databaseKind})`, () => {
  let installation: Installation;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let server: RunningServer | undefined;
  let headers: Record<string, string>;
  let importId: string;

  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${installation.url}${path}`, { headers });
    expect(response.status, path).toBe(200);
    return response.json() as Promise<T>;
  };
  const statusUntil = async (done: (view: ImportView) => boolean, seconds: number) => {
    const deadline = Date.now() + seconds * 1000;
    for (;;) {
      const view = await get<ImportView>(`/api/imports/${importId}`);
      if (done(view) || Date.now() > deadline) return view;
      await sleep(100);
    }
  };
  const commit = () =>
    fetch(`${installation.url}/api/imports/${importId}/commit`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ duplicates: 'skip' }),
    });
  const livePeople = async () => (await get<PeoplePage>('/api/people?pageSize=1')).total;

  beforeAll(async () => {
    const adminUrl = process.env.DATABASE_URL;
    scratch = adminUrl ? await createScratchDatabase(adminUrl) : undefined;
    installation = await createInstallation(scratch?.url);
    server = await startServer(installation);
    headers = await signIn(installation);

    const rows = Array.from({ length: ROWS }, (_, i) => csvRow({ eCertNumber: `KILL-${i}` }));
    const form = new FormData();
    form.append('file', new Blob([csvOf(rows)], { type: 'text/csv' }), 'people.csv');
    const uploaded = await fetch(`${installation.url}/api/imports`, { method: 'POST', headers, body: form });
    expect(uploaded.status).toBe(202);
    importId = ((await uploaded.json()) as { id: string }).id;
    expect(await statusUntil((view) => view.status !== 'checking', 120)).toMatchObject({
      status: 'ready',
      valid: ROWS,
    });

    expect((await commit()).status).toBe(202);
    // The 202 comes as the commit starts; its transaction is under way well before it could end.
    await sleep(150);
    await server.kill('SIGKILL');
    server = await startServer(installation);
    headers = await signIn(installation);
  }, 240_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    await scratch?.drop();
    installation?.remove();
  });

  it('leaves none of the import written, and says the commit stopped', async () => {
    expect(await livePeople()).toBe(0);
    const view = await statusUntil((v) => v.status !== 'committing', 30);
    expect(view).toMatchObject({ status: 'failed', committable: true, created: 0 });
    expect(view.message).toMatch(/nothing was saved/);
  }, 60_000);

  it('commits the whole import when asked again', async () => {
    expect((await commit()).status).toBe(202);
    const view = await statusUntil((v) => v.status !== 'committing', 120);
    expect(view).toMatchObject({ status: 'done', created: ROWS });
    expect(await livePeople()).toBe(ROWS);
  }, 180_000);
});
