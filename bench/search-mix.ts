/**
 * Staff search at scale, one query at a time (or `--connections` at once): a search mix (`--mix staff`, what staff type, the
 * budget; `broad`, 3 digits from the middle of serials; `slices`, the earlier budget's 3-6
 * character slices; `table`, the Peoples table's sorts, filters and pages, held to the same
 * budget; `filtered`, the table's searches under filters alone) through the product's own
 * findPeople, timed and grouped by kind, with the slowest listed and the CPU the whole machine
 * (this process and PostgreSQL) spent per search. It explains the
 * search rows of `npm run bench`, which send the staff mixes over HTTP. `--json FILE` also writes
 * the figures.
 *
 *   npx tsx bench/search-mix.ts --target postgres://postgres@127.0.0.1:5432/ecert_bench [--mix staff|table] [--queries 600] [--connections 1] [--json FILE]
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { findPeople } from '#server/features/people/find-people.ts';
import { pageLinks } from '#server/features/people/list-cursor.ts';
import type { PeopleQuery } from '#shared/api/people.ts';
import { createRandom } from './lib/fake-people.ts';
import type { SampleRow } from './lib/http-bench.ts';
import { machineBusyCpuSeconds } from './lib/machine-cpu.ts';
import {
  broadSearches,
  filteredSearches,
  type SearchQuery,
  type SearchSource,
  sliceSearches,
  staffSearches,
  tableSearches,
} from './lib/search-queries.ts';
import { openTarget, parseTarget } from './lib/target.ts';

const { values } = parseArgs({
  options: {
    target: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/ecert_bench' },
    queries: { type: 'string', default: '600' },
    slowest: { type: 'string', default: '12' },
    mix: { type: 'string', default: 'staff' },
    connections: { type: 'string', default: '1' },
    json: { type: 'string' },
  },
});

const opened = await openTarget(parseTarget(values.target));
const validity = { validityYears: 2 };
try {
  // The first 2,000 by id: random records, but the same ones every run, so two runs send the same queries.
  const sample = await opened.query<SampleRow & Pick<SearchSource, 'passed' | 'added'>>(
    `select id, fin_number as fin, e_cert_number as serial, name, passport_number as passport, nationality,
         passed_date::text as passed, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as added
       from person where deleted_at is null order by id limit 2000`,
  );
  const random = createRandom(11);
  const courses = (
    await opened.query<{ course: string }>('select distinct trade_tested as course from person')
  ).map((row) => row.course);
  const mixes = {
    staff: staffSearches,
    broad: broadSearches,
    slices: sliceSearches,
    table: (r: typeof random) => tableSearches(r, courses),
    filtered: (r: typeof random) => filteredSearches(r, courses),
  };
  const searchQuery = mixes[values.mix as keyof typeof mixes](random);
  const timings: { field: string; q: string; ms: number; total: string }[] = [];
  const generated = Array.from({ length: Number(values.queries) }, () => searchQuery(random.pick(sample)));
  // A table's page is one its list has, as the pages offered to staff are: a numbered page past
  // a list's last is its last (each list counted first, untimed); Next or Previous is a cursor of
  // the page a jump gives, read first, untimed.
  const totals = new Map<string, number>();
  const queries: { next: SearchQuery; query: PeopleQuery }[] = [];
  const db = opened.database.db;
  for (const next of generated) {
    const { page = 1, pageSize = 20, ...list } = next.list ?? {};
    const query: PeopleQuery = { ...list, q: next.q, page, pageSize };
    if (next.walk) {
      const found = await findPeople(db, query, validity);
      const links = await pageLinks(db, query, found.paging, found.rows, found.more);
      const cursor = next.walk === 'next' ? links.next : links.prev;
      if (cursor) {
        const { from: _from, ...rest } = query;
        queries.push({ next, query: { ...rest, [next.walk === 'next' ? 'after' : 'before']: cursor } });
        continue;
      }
    }
    if (page > 1) {
      const key = JSON.stringify({ q: next.q, ...list });
      let total = totals.get(key);
      if (total === undefined) {
        total = (await findPeople(db, { ...query, page: 1 }, validity)).total;
        totals.set(key, total);
      }
      query.page = Math.min(page, Math.max(1, Math.ceil(total / pageSize)));
    }
    queries.push({ next, query });
  }
  // The machine's speed at this moment: a statement that reads nothing, sent the same way, at
  // once before the mix; on a busy machine the mix's times are read against it.
  const constantMs: number[] = [];
  const constantLeft = { n: 1000 };
  const constantWorker = async () => {
    while (constantLeft.n-- > 0) {
      const started = performance.now();
      await opened.query('select 1');
      constantMs.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: Number(values.connections) }, constantWorker));
  const cpuBefore = machineBusyCpuSeconds() * 1000;
  const loadBefore = os.loadavg().map((n) => Math.round(n * 10) / 10);
  // `--connections` searches at once, each taking the next query when its last one answers.
  const worker = async () => {
    for (let item = queries.shift(); item; item = queries.shift()) {
      const { next, query } = item;
      const started = performance.now();
      const found = await findPeople(opened.database.db, query, validity);
      const ms = performance.now() - started;
      const total = found.totalCapped ? `>${found.total}` : String(found.total);
      const { q: _q, ...shownList } = query;
      const shown = next.list
        ? `${next.q ? `${next.q} ` : ''}${new URLSearchParams(Object.entries(shownList).map(([k, v]) => [k, String(v)]))}`
        : next.q;
      timings.push({ field: next.kind, q: shown, ms, total });
    }
  };
  const wallStarted = performance.now();
  await Promise.all(Array.from({ length: Number(values.connections) }, worker));
  const wallSeconds = (performance.now() - wallStarted) / 1000;

  const cpuMs = machineBusyCpuSeconds() * 1000 - cpuBefore;
  const percentile = (list: number[], p: number) =>
    [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))] ?? 0;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const stats = (list: number[]) => ({
    queries: list.length,
    meanMs: round(list.reduce((sum, ms) => sum + ms, 0) / list.length),
    p50Ms: round(percentile(list, 0.5)),
    p95Ms: round(percentile(list, 0.95)),
    maxMs: round(Math.max(...list)),
    over50msPercent: round((100 * list.filter((ms) => ms > 50).length) / list.length),
  });
  const line = (label: string, list: number[]) => {
    const s = stats(list);
    return (
      `${label.padEnd(12)} ${String(s.queries).padStart(5)} queries  mean ${s.meanMs.toFixed(1)} ms  p50 ${s.p50Ms.toFixed(1)} ms  ` +
      `p95 ${s.p95Ms.toFixed(1)} ms  max ${s.maxMs.toFixed(1)} ms  over 50 ms: ${s.over50msPercent.toFixed(1)} %`
    );
  };
  const kinds = [...new Set(timings.map((t) => t.field))];
  const ofKind = (kind: string) => timings.filter((t) => t.field === kind).map((t) => t.ms);
  const slowest = [...timings].sort((a, b) => b.ms - a.ms).slice(0, Number(values.slowest));
  console.log(
    line(
      'all',
      timings.map((t) => t.ms),
    ),
  );
  console.log(
    `${values.connections} at once: ${(timings.length / wallSeconds).toFixed(0)} searches a second`,
  );
  const constantP95 = percentile(constantMs, 0.95);
  const allP95 = percentile(
    timings.map((t) => t.ms),
    0.95,
  );
  console.log(
    `constant statement just before: p95 ${constantP95.toFixed(2)} ms; the mix's p95 is ${(allP95 / constantP95).toFixed(0)} times it`,
  );
  // This process and PostgreSQL together: what searches at once share 2 cores by.
  if (cpuMs > 0) console.log(`CPU of the whole machine: ${(cpuMs / timings.length).toFixed(2)} ms a search`);
  for (const kind of kinds) console.log(line(kind, ofKind(kind)));
  console.log('\nslowest:');
  for (const t of slowest) {
    console.log(
      `  ${t.ms.toFixed(1).padStart(8)} ms  ${t.field.padEnd(11)} ${JSON.stringify(t.q).padEnd(10)} matches ${t.total}`,
    );
  }
  if (values.json) {
    const result = {
      mix: values.mix,
      connections: Number(values.connections),
      loadAverage: { before: loadBefore, after: os.loadavg().map(round) },
      searchesPerSecond: Math.round(timings.length / wallSeconds),
      machineCpuMsPerSearch: cpuMs > 0 ? round(cpuMs / timings.length) : null,
      all: stats(timings.map((t) => t.ms)),
      constantStatement: { ...stats(constantMs), p95Ratio: round(allP95 / constantP95) },
      byKind: Object.fromEntries(kinds.map((kind) => [kind, stats(ofKind(kind))])),
      slowest: slowest.map((t) => ({ kind: t.field, query: t.q, ms: round(t.ms), matches: t.total })),
    };
    fs.writeFileSync(values.json, `${JSON.stringify(result, null, 2)}\n`);
  }
} finally {
  await opened.database.close();
}
