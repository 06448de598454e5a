/**
 * Would a search's work stay bounded if the trigram index were split by the date added? Builds
 * `--ranges` partial trigram indexes of the live people, each holding an equal share of them by
 * `created_at` (kept unless `--drop`; an earlier run's are dropped first), then times two steps of a name search both ways, for names,
 * name words and parts of names drawn from the table:
 *
 * - `count`: any 301 matches, as the search counts them (`SEARCH_COUNT_CAP` + 1);
 * - `newest`: the newest 26 matches, as a page of a search with more than 300 matches reads them.
 *
 * "whole" asks the one trigram index of search-people.ts; "ranged" asks the range indexes newest
 * range first and stops once it has enough. Index scans are turned off for both, so that each
 * reads its trigram index (the newest-first walk is another way, measured by search-mix.ts). Each
 * newest page read by ranges is checked against the whole index's. The study behind the portal's
 * own ranges (features/people/search-ranges.ts), which search-mix.ts measures as staff meet them.
 *
 *   npx tsx bench/ranged-trigram.ts --target postgres://postgres@127.0.0.1:5432/ecert_bench_1m
 *     [--ranges 10] [--queries 300] [--drop] [--json FILE]
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { escaped } from '../src/server/features/people/search-people.ts';
import { createRandom } from './lib/fake-people.ts';
import { percentile } from './lib/surge-probes.ts';

const { values: args } = parseArgs({
  options: {
    target: { type: 'string' },
    ranges: { type: 'string', default: '10' },
    queries: { type: 'string', default: '300' },
    drop: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
if (!args.target) throw new Error('--target postgres://... is required');
const client = new pg.Client({ connectionString: args.target });
await client.connect();
const rowsOf = async <T>(text: string, values: unknown[] = []) =>
  (await client.query(text, values)).rows as T[];

const rangeCount = Number(args.ranges);
const [counted] = await rowsOf<{ n: number }>(
  'select count(*)::int as n from person where deleted_at is null',
);
const live = counted?.n ?? 0;
// The boundaries in one sort of the dates added: an offset read for each took minutes at 10M.
const fractions = Array.from({ length: rangeCount - 1 }, (_, k) => (k + 1) / rangeCount);
const bounds = (
  await rowsOf<{ at: string }>(
    `select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
       from unnest((select percentile_disc($1::float8[]) within group (order by created_at)
                      from person where deleted_at is null)) as t`,
    [fractions],
  )
).map((row) => row.at);
/** Each range's condition on `created_at`, oldest range first. */
const ranges = Array.from({ length: rangeCount }, (_, i) =>
  [bounds[i - 1] && `created_at >= '${bounds[i - 1]}'`, bounds[i] && `created_at < '${bounds[i]}'`]
    .filter(Boolean)
    .join(' and '),
);
// An earlier run's ranges may have other boundaries, which this run's queries would not match.
const earlier = await rowsOf<{ name: string }>(
  "select indexname as name from pg_indexes where tablename = 'person' and indexname like 'person\\_trgm\\_range\\_%'",
);
for (const { name } of earlier) await client.query(`drop index ${name}`);
// Two builds at a time: each reads the whole table for its share, the most of a build at 10M.
const builders = new pg.Pool({ connectionString: args.target, max: 2 });
const buildMs: number[] = [];
let next = 0;
const build = async () => {
  for (let i = next++; i < ranges.length; i = next++) {
    const started = performance.now();
    await builders.query(
      `create index person_trgm_range_${i} on person using gin (search_text gin_trgm_ops)
         where deleted_at is null and ${ranges[i] || 'true'}`,
    );
    buildMs[i] = Math.round(performance.now() - started);
  }
};
const buildStarted = performance.now();
await Promise.all([build(), build()]);
const buildSeconds = Math.round((performance.now() - buildStarted) / 1000);
await builders.end();
await client.query('analyze person');
await client.query('set enable_indexscan = off');

const random = createRandom(5);
const names = await rowsOf<{ name: string }>(
  'select name from person tablesample system (0.1) where deleted_at is null limit $1',
  [Number(args.queries)],
);
const searches = names
  .map(({ name }) => {
    const roll = random.next();
    if (roll < 0.33) return { kind: 'name', q: name };
    const words = name.split(' ');
    if (roll < 0.66) return { kind: 'name-word', q: random.pick(words) };
    const start = random.int(0, Math.max(0, name.length - 3));
    return { kind: 'name-part', q: name.slice(start, random.int(start + 3, name.length)) };
  })
  // What search-people.ts sends to the trigram index: a run of 3 letters or digits.
  .filter(({ q }) => /[\p{L}\p{N}]{3}/u.test(q));

const pattern = (q: string) => `%${escaped(q)}%`;
const matching = (range: string) =>
  `select id from person where deleted_at is null ${range ? `and ${range}` : ''} and search_text like lower($1)`;
interface Read {
  ms: number;
  buffers: number;
  ids: string[];
}
const read = async (text: string, q: string): Promise<Read> => {
  const [row] = await rowsOf<{
    'QUERY PLAN': [{ 'Planning Time': number; 'Execution Time': number; Plan: Record<string, number> }];
  }>(`explain (analyze, buffers, format json) ${text}`, [pattern(q)]);
  const plan = row?.['QUERY PLAN'][0];
  const ids = (await rowsOf<{ id: string }>(text, [pattern(q)])).map((r) => r.id);
  return {
    // Planning too: a statement a range plans each range it reads.
    ms: (plan?.['Planning Time'] ?? 0) + (plan?.['Execution Time'] ?? 0),
    buffers: (plan?.Plan['Shared Hit Blocks'] ?? 0) + (plan?.Plan['Shared Read Blocks'] ?? 0),
    ids,
  };
};
const steps = {
  count: { want: 301, order: '' },
  newest: { want: 26, order: 'order by created_at desc, id desc' },
};
type Times = { wholeMs: number[]; rangedMs: number[]; wholeBuffers: number[]; rangedBuffers: number[] };
const times: Record<string, Times> = {};
let disagreements = 0;
for (const { kind, q } of searches) {
  for (const [step, { want, order }] of Object.entries(steps)) {
    const whole = await read(`${matching('')} ${order} limit ${want}`, q);
    const ranged: Read = { ms: 0, buffers: 0, ids: [] };
    for (const range of [...ranges].reverse()) {
      const part = await read(`${matching(range)} ${order} limit ${want - ranged.ids.length}`, q);
      ranged.ms += part.ms;
      ranged.buffers += part.buffers;
      ranged.ids.push(...part.ids);
      if (ranged.ids.length >= want) break;
    }
    if (step === 'newest' && whole.ids.join() !== ranged.ids.join()) disagreements += 1;
    const key = `${kind} ${step}`;
    times[key] ??= { wholeMs: [], rangedMs: [], wholeBuffers: [], rangedBuffers: [] };
    times[key].wholeMs.push(whole.ms);
    times[key].rangedMs.push(ranged.ms);
    times[key].wholeBuffers.push(whole.buffers);
    times[key].rangedBuffers.push(ranged.buffers);
  }
}

const summary = Object.fromEntries(
  Object.entries(times).map(([key, t]) => [
    key,
    {
      searches: t.wholeMs.length,
      whole: {
        p50Ms: percentile(t.wholeMs, 50),
        p95Ms: percentile(t.wholeMs, 95),
        maxMs: percentile(t.wholeMs, 100),
        p95Buffers: percentile(t.wholeBuffers, 95),
      },
      ranged: {
        p50Ms: percentile(t.rangedMs, 50),
        p95Ms: percentile(t.rangedMs, 95),
        maxMs: percentile(t.rangedMs, 100),
        p95Buffers: percentile(t.rangedBuffers, 95),
      },
    },
  ]),
);
const result = {
  date: new Date().toISOString(),
  live,
  ranges: rangeCount,
  buildSeconds,
  buildMs,
  newestPagesThatDiffer: disagreements,
  summary,
};
console.log(JSON.stringify(result, null, 2));
if (args.json) fs.writeFileSync(args.json, `${JSON.stringify(result, null, 2)}\n`);
if (args.drop)
  for (const i of ranges.keys()) await client.query(`drop index if exists person_trgm_range_${i}`);
await client.end();
