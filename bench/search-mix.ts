/**
 * Staff search at scale, one query at a time (or `--connections` at once): a search mix (`--mix staff`, what staff type, the
 * budget; `broad`, 3 digits from the middle of serials; `slices`, the earlier budget's 3-6
 * character slices) through the product's own findPeople, timed and grouped by kind, with the
 * slowest listed and the CPU the whole machine (this process and PostgreSQL) spent per search. It
 * explains the search rows of `npm run bench`, which send the same mixes over HTTP.
 *
 *   npx tsx bench/search-mix.ts --target postgres://postgres@127.0.0.1:5432/ecert_bench [--mix staff] [--queries 600] [--connections 1]
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { findPeople } from '#server/features/people/find-people.ts';
import { createRandom } from './lib/fake-people.ts';
import type { SampleRow } from './lib/http-bench.ts';
import { broadSearches, sliceSearches, staffSearches } from './lib/search-queries.ts';
import { openTarget, parseTarget } from './lib/target.ts';

const { values } = parseArgs({
  options: {
    target: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/ecert_bench' },
    queries: { type: 'string', default: '600' },
    slowest: { type: 'string', default: '12' },
    mix: { type: 'string', default: 'staff' },
    connections: { type: 'string', default: '1' },
  },
});

const opened = await openTarget(parseTarget(values.target));
try {
  // The first 2,000 by id: random records, but the same ones every run, so two runs send the same queries.
  const sample = await opened.query<SampleRow>(
    `select id, fin_number as fin, e_cert_number as serial, name, passport_number as passport, nationality
       from person where deleted_at is null order by id limit 2000`,
  );
  const random = createRandom(11);
  const mixes = { staff: staffSearches, broad: broadSearches, slices: sliceSearches };
  const searchQuery = mixes[values.mix as keyof typeof mixes](random);
  const timings: { field: string; q: string; ms: number; total: string }[] = [];
  const cpuBefore = machineCpuMs();
  const queries = Array.from({ length: Number(values.queries) }, () => searchQuery(random.pick(sample)));
  // `--connections` searches at once, each taking the next query when its last one answers.
  const worker = async () => {
    for (let next = queries.shift(); next; next = queries.shift()) {
      const started = performance.now();
      const found = await findPeople(opened.database.db, { q: next.q, page: 1, pageSize: 20 });
      const ms = performance.now() - started;
      const total = found.totalCapped ? `>${found.total}` : String(found.total);
      timings.push({ field: next.kind, q: next.q, ms, total });
    }
  };
  const wallStarted = performance.now();
  await Promise.all(Array.from({ length: Number(values.connections) }, worker));
  const wallSeconds = (performance.now() - wallStarted) / 1000;

  const cpuMs = machineCpuMs() - cpuBefore;
  const percentile = (list: number[], p: number) =>
    [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))] ?? 0;
  const line = (label: string, list: number[]) =>
    `${label.padEnd(12)} ${String(list.length).padStart(5)} queries  mean ${(list.reduce((sum, ms) => sum + ms, 0) / list.length).toFixed(1)} ms  p50 ${percentile(list, 0.5).toFixed(1)} ms  ` +
    `p95 ${percentile(list, 0.95).toFixed(1)} ms  max ${Math.max(...list).toFixed(1)} ms  ` +
    `over 50 ms: ${((100 * list.filter((ms) => ms > 50).length) / list.length).toFixed(1)} %`;
  console.log(
    line(
      'all',
      timings.map((t) => t.ms),
    ),
  );
  console.log(
    `${values.connections} at once: ${(timings.length / wallSeconds).toFixed(0)} searches a second`,
  );
  // This process and PostgreSQL together: what searches at once share 2 cores by.
  if (cpuMs > 0) console.log(`CPU of the whole machine: ${(cpuMs / timings.length).toFixed(2)} ms a search`);
  for (const field of new Set(timings.map((t) => t.field))) {
    console.log(
      line(
        field,
        timings.filter((t) => t.field === field).map((t) => t.ms),
      ),
    );
  }
  console.log('\nslowest:');
  for (const t of [...timings].sort((a, b) => b.ms - a.ms).slice(0, Number(values.slowest))) {
    console.log(
      `  ${t.ms.toFixed(1).padStart(8)} ms  ${t.field.padEnd(11)} ${JSON.stringify(t.q).padEnd(10)} matches ${t.total}`,
    );
  }
} finally {
  await opened.database.close();
}

/** CPU time (ms) the whole machine has spent working since boot (user, nice, system, irq, softirq), or 0 off Linux. */
function machineCpuMs() {
  try {
    const [user, nice, system, , , irq, softirq] =
      fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]?.split(/\s+/).slice(1).map(Number) ?? [];
    return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0)) * 10;
  } catch {
    return 0;
  }
}
