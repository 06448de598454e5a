import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { recordFieldNames } from '#shared/api/people.ts';
import { fakePeople } from './fake-people.ts';
import { prepareStaff, STAFF_EMAIL, STAFF_PASSWORD } from './http-bench.ts';
import { type RunningServer, signIn, startServer } from './server.ts';
import { describeTarget, openTarget, type Target, targetEnv } from './target.ts';

export interface BulkBenchOptions {
  appDir: string;
  workDir: string;
  port: number;
  /** Rows in the imported file (the budget is stated at 100,000). */
  importRows: number;
  log: (line: string) => void;
}

const SERIAL_PREFIX = 'IMP-';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => Math.round(ms / 10) / 100;

/** A CSV of `rows` fictional people under the template's columns, serials marked as imported. */
export function importFile(rows: number): string {
  const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const records: string[][] = [];
  for (const row of fakePeople(rows, 20261125)) {
    records.push(
      recordFieldNames.map((field) => {
        const value = String(row[snake(field) as keyof typeof row] ?? '');
        return field === 'eCertNumber' ? `${SERIAL_PREFIX}${value}` : value;
      }),
    );
  }
  return stringify(records, { header: true, columns: [...recordFieldNames], bom: true });
}

async function untilSettled(server: RunningServer, headers: Record<string, string>, id: string) {
  for (;;) {
    const view = await (await fetch(`${server.url}/api/imports/${id}`, { headers })).json();
    if (view.status !== 'checking' && view.status !== 'committing') return view;
    await sleep(100);
  }
}

/**
 * Bulk import and export through the real server, as staff use them: a file of `importRows`
 * people uploaded, checked and committed (timed from the first byte sent to `done`), then every
 * live record exported, timed to the last byte, with the server's RSS sampled meanwhile. The
 * imported rows are removed afterwards, so the data set stays as generated.
 */
export async function benchBulk(target: Target, options: BulkBenchOptions) {
  const { log } = options;
  log(`Bulk import and export on ${describeTarget(target)}`);
  await prepareStaff(target);
  const csv = importFile(options.importRows);
  const scratch = path.join(options.workDir, 'server-data');
  fs.mkdirSync(scratch, { recursive: true });
  const server = await startServer({
    appDir: options.appDir,
    port: options.port,
    env: { ...targetEnv(target, scratch), AUTH_SECRET: 'bench-secret-'.padEnd(48, 'x') },
    logFile: path.join(options.workDir, `server-bulk-${target.kind}.log`),
  });
  let result: Record<string, unknown>;
  try {
    const headers = { cookie: await signIn(server.url, STAFF_EMAIL, STAFF_PASSWORD), origin: server.url };
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
    const started = performance.now();
    const uploaded = await fetch(`${server.url}/api/imports`, { method: 'POST', headers, body: form });
    if (uploaded.status !== 202)
      throw new Error(`upload failed: ${uploaded.status} ${await uploaded.text()}`);
    const uploadedAt = performance.now();
    const { id } = await uploaded.json();
    const checked = await untilSettled(server, headers, id);
    const checkedAt = performance.now();
    if (checked.status !== 'ready') throw new Error(`check ended ${checked.status}: ${checked.message}`);
    const commit = await fetch(`${server.url}/api/imports/${id}/commit`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ duplicates: 'skip' }),
    });
    if (commit.status !== 202) throw new Error(`commit refused: ${commit.status}`);
    const done = await untilSettled(server, headers, id);
    const doneAt = performance.now();
    if (done.status !== 'done') throw new Error(`commit ended ${done.status}: ${done.message}`);
    const imported = {
      rows: options.importRows,
      megabytes: Math.round(csv.length / 10_485.76) / 100,
      uploadSeconds: seconds(uploadedAt - started),
      checkSeconds: seconds(checkedAt - started),
      commitSeconds: seconds(doneAt - checkedAt),
      uploadToDoneSeconds: seconds(doneAt - started),
      created: done.created,
    };
    log(`  import of ${imported.rows} rows: ${JSON.stringify(imported)}`);
    result = { import: imported, export: await timeExport(server, headers) };
    log(`  export: ${JSON.stringify(result.export)}`);
  } finally {
    await server.stop();
  }
  await removeImported(target);
  return result;
}

async function timeExport(server: RunningServer, headers: Record<string, string>) {
  await sleep(1_000);
  server.takePeakRss();
  await sleep(500);
  const baselineMb = server.takePeakRss();
  const started = performance.now();
  const response = await fetch(`${server.url}/api/people/export.csv`, { headers });
  if (!response.ok || !response.body) throw new Error(`export failed: ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const elapsed = performance.now() - started;
  const peakMb = server.takePeakRss();
  return {
    // Lines, not records: a cell with a line break would count twice (the generator makes none).
    records: lines - 1,
    megabytes: Math.round(bytes / 10_485.76) / 100,
    seconds: seconds(elapsed),
    rssBeforeMb: Math.round(baselineMb),
    rssPeakMb: Math.round(peakMb),
    rssGrowthMb: Math.round(peakMb - baselineMb),
  };
}

async function removeImported(target: Target) {
  const opened = await openTarget(target);
  try {
    await opened.query(
      `with gone as (delete from person where e_cert_number like '${SERIAL_PREFIX}%' returning id)
       delete from audit_event where entity_type = 'person' and entity_id in (select id::text from gone)`,
    );
    await opened.query('delete from import_job');
  } finally {
    await opened.database.close();
  }
}
