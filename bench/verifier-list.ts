/**
 * A verifier's list of 1,000 pairs, looked up as the portal does (statements of 100 pairs on the
 * unique (FIN, serial) index), against a database `bench/generate.ts` filled:
 *
 *   npx tsx bench/verifier-list.ts --target postgres://postgres@127.0.0.1:5432/ecert_bench
 *
 * Each round takes 900 pairs that exist and 100 that do not, in random order; prints the times of
 * `--rounds` rounds and the plan of one, and writes bench/results/<date>-verifier-list.json.
 * Budget: a list of 1,000 in under 2 s at 1,000,000 records.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { prepareOnPool } from '../src/server/db/database.ts';
import { prepareFindListRecords } from '../src/server/features/verifiers/find-list-records.ts';

const { values } = parseArgs({
  options: { target: { type: 'string' }, rounds: { type: 'string', default: '30' } },
});
if (!values.target) throw new Error('--target postgres://... is required');
const pool = new pg.Pool({ connectionString: values.target, max: 2 });
const findListRecords = prepareFindListRecords({ prepareText: prepareOnPool(pool) });

const { rows: counted } = await pool.query<{ n: string }>('select count(*) as n from person');
const records = Number(counted[0]?.n ?? 0);
const times: number[] = [];
let found = 0;
for (let round = 0; round < Number(values.rounds); round++) {
  const { rows } = await pool.query<{ fin: string; serial: string }>(
    'select fin_number as fin, e_cert_number as serial from person tablesample system (0.5) where deleted_at is null limit 900',
  );
  const missing = Array.from({ length: 100 }, (_, i) => ({
    fin: `Z${round}${i}X`,
    serial: `NONE-${round}-${i}`,
  }));
  const pairs = [...rows, ...missing].sort(() => Math.random() - 0.5);
  const started = performance.now();
  found = (await findListRecords(pairs)).size;
  times.push(performance.now() - started);
}
const sorted = [...times].sort((a, b) => a - b);
const at = (q: number) =>
  Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));
const { rows: sample } = await pool.query<{ fin: string; serial: string }>(
  'select fin_number as fin, e_cert_number as serial from person tablesample system (0.5) limit 1000',
);
const { rows: plan } = await pool.query(
  `explain (analyze, buffers, costs off)
   select k.position, p.id from json_array_elements($1::json) with ordinality as k(pair, position)
   join person p on p.fin_number = k.pair->>'fin' and p.e_cert_number = k.pair->>'serial' and p.deleted_at is null`,
  [JSON.stringify(sample)],
);
const result = {
  date: new Date().toISOString(),
  records,
  pairsPerList: 1000,
  foundInLastList: found,
  rounds: times.length,
  ms: { p50: at(0.5), p95: at(0.95), max: at(1) },
  budgetMs: 2000,
  plan: plan.map((row) => row['QUERY PLAN']),
};
console.log(JSON.stringify(result, null, 2));
fs.writeFileSync(
  `bench/results/${result.date.slice(0, 10)}-verifier-list.json`,
  `${JSON.stringify(result, null, 2)}\n`,
);
await pool.end();
