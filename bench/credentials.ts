/**
 * Signed credentials, measured: `npx tsx bench/credentials.ts [--records 1000000] [--requests 300]`,
 * or the `credentials` stage of `npm run bench` (with --pg-records).
 *
 * - credentials signed per second on one core (this process signs one at a time, no database);
 * - p95 of GET /api/certificates/:id/credential through the app (inject, PGlite), uncached (first
 *   download: a status place and a signature) and cached (the stored credential);
 * - p95 and largest size of GET /api/certificates/:id/e-cert.pdf (inject, PGlite), for Latin, Chinese
 *   and Tamil names (budget: p95 under 300 ms, under 300 kB);
 * - the time to build and sign one status list, and all of them, at --records people on PostgreSQL
 *   (BENCH_PG_ADMIN_URL, a scratch database made and dropped here), 1% of them revoked.
 *
 * Results go to bench/results/<date>-credentials.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, queryRows } from '../src/server/db/database.ts';
import { person } from '../src/server/db/schema/index.ts';
import {
  PLACES_PER_LIST,
  STATUS_LIST_LENGTH,
  statusEntryOf,
} from '../src/server/features/credentials/assign-status-entry.ts';
import { buildCredential } from '../src/server/features/credentials/build-credential.ts';
import { buildStatusList } from '../src/server/features/credentials/build-status-list.ts';
import { nextTurn } from '../src/server/test/next-turn.ts';
import { personFixture } from '../src/server/test/people.ts';
import { createScratchDatabase } from '../src/server/test/scratch-database.ts';

let log = (line: string) => console.log(line);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const round = (n: number, digits = 2) => Number(n.toFixed(digits));

async function appOn(databaseUrl: string | undefined, authSecret?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-bench-credentials-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://certs.example.test',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(authSecret ? { AUTH_SECRET: authSecret } : {}),
  });
  const database = await openDatabase({ databaseUrl, pgliteDir: 'memory://' });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signatures one after another for `seconds`: what one core signs. */
async function signingRate(app: Awaited<ReturnType<typeof appOn>>['app'], seconds: number) {
  const facts = {
    personId: '00000000-0000-4000-8000-000000000001',
    name: 'Bench Person',
    tradeTested: 'Forklift Operation',
    testLevel: 'Level 1',
    testResult: 'Passed',
    passedDate: '2026-01-01',
  };
  const settings = {
    publicUrl: app.config.publicUrl,
    did: app.issuer.did,
    issuerName: 'Bench Institute',
    validityYears: 2,
    status: { listUrl: `${app.config.publicUrl}/status/1`, index: 42 },
  };
  await app.issuer.sign(buildCredential(facts, settings));
  let signed = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    await app.issuer.sign(
      buildCredential(facts, { ...settings, status: { ...settings.status, index: signed } }),
    );
    signed += 1;
  }
  return round(signed / ((performance.now() - started) / 1000), 1);
}

async function downloadLatencies(requests: number, seconds: number) {
  const target = await appOn(undefined);
  try {
    const rate = await signingRate(target.app, seconds);
    log(`signing: ${rate} credentials a second on one core`);
    const rows = await target.database.db
      .insert(person)
      .values(Array.from({ length: requests }, () => personFixture()))
      .returning({ id: person.id });
    const timeAll = async () => {
      const times: number[] = [];
      for (const { id } of rows) {
        const started = performance.now();
        const response = await target.app.inject({
          method: 'GET',
          url: `/api/certificates/${id}/credential`,
        });
        times.push(performance.now() - started);
        if (response.statusCode !== 200) throw new Error(`GET credential answered ${response.statusCode}`);
        await nextTurn();
      }
      return {
        p50: round(percentile(times, 50)),
        p95: round(percentile(times, 95)),
        max: round(Math.max(...times)),
      };
    };
    const uncached = await timeAll();
    const cached = await timeAll();
    log(
      `GET credential (PGlite, ${requests} people, one at a time): uncached p95 ${uncached.p95} ms, cached p95 ${cached.p95} ms`,
    );
    const pdf = await pdfLatencies(target, rows);
    log(`GET e-cert.pdf: ${JSON.stringify(pdf)}; budget p95 300 ms, 300 kB`);
    return { signedPerSecond: rate, getCredentialMs: { uncached, cached }, eCertPdf: pdf };
  } finally {
    await target.close();
  }
}

/** Each PDF made one at a time, for the people of `rows` and as many again with Chinese and Tamil names. */
async function pdfLatencies(target: Awaited<ReturnType<typeof appOn>>, rows: { id: string }[]) {
  const names = ['陈小明', '王秀英', 'முருகன் செல்வம்', 'லட்சுமி நாராயணன்'];
  const scripts = await target.database.db
    .insert(person)
    .values(rows.map((_, n) => personFixture({ name: names[n % names.length] })))
    .returning({ id: person.id });
  const times: number[] = [];
  let largest = 0;
  for (const { id } of [...rows, ...scripts]) {
    const started = performance.now();
    const response = await target.app.inject({ method: 'GET', url: `/api/certificates/${id}/e-cert.pdf` });
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`GET e-cert.pdf answered ${response.statusCode}`);
    await nextTurn();
    largest = Math.max(largest, response.rawPayload.length);
  }
  return {
    pdfs: times.length,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(Math.max(...times)),
    largestKb: round(largest / 1024, 1),
  };
}

/** People and their status places written in bulk, every trigger live: the bench measures reading them. */
async function fillPeople(url: string, records: number) {
  const target = await appOn(url);
  const { db } = target.database;
  try {
    const started = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into person (name, dob, gender, nationality, passport_number, fin_number, e_cert_number,
          trade_tested, test_level, test_result, passed_date, revoked_at)
        select 'Bench ' || n, '1990-01-01', 'Female', 'Fictionland', 'P' || n, 'F' || n, 'E' || n,
          'Forklift Operation', 'Level 1', 'Passed', '2026-01-01', case when n % 100 = 0 then now() end
        from generate_series(1, ${records}) as n`);
      // A bijection of 0..65535 into 0..131071 (an odd multiplier modulo a power of two): unique places.
      await tx.execute(sql`insert into credential_status (list_id, list_index, person_id)
        select (rn - 1) / ${PLACES_PER_LIST} + 1, (((rn - 1) % ${PLACES_PER_LIST}) * 99991) % ${STATUS_LIST_LENGTH}, id
        from (select id, row_number() over () as rn from person) numbered`);
    });
    await db.execute(sql`analyze person`);
    await db.execute(sql`analyze credential_status`);
    log(`filled ${records} people and places in ${round((performance.now() - started) / 1000, 1)} s`);
    return await timeStatusLists(target, records);
  } finally {
    await target.close();
  }
}

/** Builds and signs every list one after another: one list's time, and all of them. */
async function timeStatusLists(target: Awaited<ReturnType<typeof appOn>>, records: number) {
  const { db } = target.database;
  const lists = Math.ceil(records / PLACES_PER_LIST);
  const times: number[] = [];
  for (let listId = 1; listId <= lists; listId++) {
    const start = performance.now();
    const unsigned = await buildStatusList(db, {
      listId,
      listUrl: `${target.app.config.publicUrl}/status/${listId}`,
      issuer: target.app.issuer.did,
    });
    if (!unsigned) throw new Error(`list ${listId} is empty`);
    await target.app.issuer.sign(unsigned);
    times.push(performance.now() - start);
  }
  const result = {
    records,
    lists,
    oneListMs: { p50: round(percentile(times, 50)), max: round(Math.max(...times)) },
    allListsMs: round(times.reduce((a, b) => a + b, 0)),
  };
  log(
    `status list at ${records} people (PostgreSQL): one list ${result.oneListMs.p50} ms (max ${result.oneListMs.max}), all ${lists} lists ${result.allListsMs} ms; budget 1,000 ms`,
  );
  return result;
}

/**
 * The status lists of a generated registry (`npm run bench`'s postgres stage): every record given
 * its place as the first credential download would, in one statement; then one record's place
 * looked up (its list and index) for `lookups` random records, and every list built and signed.
 */
export async function benchStatusListsOf(
  url: string,
  options: { lookups: number; authSecret: string; log: (line: string) => void },
) {
  log = options.log;
  // The secret the bench's servers ran with, which sealed the issuer key they made.
  const target = await appOn(url, options.authSecret);
  const { db } = target.database;
  try {
    const started = performance.now();
    const [placed] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from credential_status`,
    );
    if (!placed?.n) {
      await db.execute(sql`insert into credential_status (list_id, list_index, person_id)
        select (rn - 1) / ${PLACES_PER_LIST} + 1, (((rn - 1) % ${PLACES_PER_LIST}) * 99991) % ${STATUS_LIST_LENGTH}, id
        from (select id, row_number() over () as rn from person) numbered`);
      await db.execute(sql`analyze credential_status`);
    }
    const fillSeconds = round((performance.now() - started) / 1000, 1);
    const [{ n: records } = { n: 0 }] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from credential_status`,
    );
    log(`${records} places in status lists (${fillSeconds} s to give them)`);
    const sample = await queryRows<{ id: string }>(
      db,
      sql`select id from person tablesample system (1) limit ${options.lookups}`,
    );
    const lookups: number[] = [];
    for (const { id } of sample) {
      const start = performance.now();
      await statusEntryOf(db, id);
      lookups.push(performance.now() - start);
    }
    const oneRecordMs = { p50: round(percentile(lookups, 50)), p99: round(percentile(lookups, 99)) };
    log(`one record's list and index: p50 ${oneRecordMs.p50} ms, p99 ${oneRecordMs.p99} ms`);
    return { fillSeconds, oneRecordMs, ...(await timeStatusLists(target, records)) };
  } finally {
    await target.close();
  }
}

export interface CredentialBenchOptions {
  records: number;
  requests: number;
  seconds: number;
  pgAdminUrl: string;
  log: (line: string) => void;
}

/** The credential figures of the budgets in bench/README.md; `npm run bench` runs this as its credentials stage. */
export async function benchCredentials(options: CredentialBenchOptions) {
  log = options.log;
  const downloads = await downloadLatencies(options.requests, options.seconds);
  const scratch = await createScratchDatabase(options.pgAdminUrl);
  try {
    return { ...downloads, statusList: await fillPeople(scratch.url, options.records) };
  } finally {
    await scratch.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values: args } = parseArgs({
    options: {
      records: { type: 'string', default: '1000000' },
      requests: { type: 'string', default: '300' },
      seconds: { type: 'string', default: '10' },
      'pg-admin-url': {
        type: 'string',
        default: process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      },
    },
  });
  const results = await benchCredentials({
    records: Number(args.records),
    requests: Number(args.requests),
    seconds: Number(args.seconds),
    pgAdminUrl: args['pg-admin-url'],
    log: (line) => console.log(line),
  });
  const out = path.resolve(`bench/results/${new Date().toISOString().slice(0, 10)}-credentials.json`);
  const at = new Date().toISOString();
  fs.writeFileSync(
    out,
    `${JSON.stringify({ at, cpus: os.cpus().length, node: process.version, ...results }, null, 2)}\n`,
  );
  console.log(`results: ${path.relative(process.cwd(), out)}`);
  process.exit(0);
}
