import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { rangedMatches } from '#server/features/people/search-people.ts';
import { searchRanges } from '#server/features/people/search-ranges.ts';
import { drizzle } from 'drizzle-orm/node-postgres';
const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/ecert_bench_1m' });
await client.connect();
const db = drizzle(client) as any;
const ranges = process.env.ONE ? [{ n: null, startsAt: null, endsAt: null }] : await searchRanges(db);
const q = process.argv[2] ?? 'tan';
const query = new PgDialect().sqlToQuery(sql`explain (analyze, summary) select * from (${rangedMatches(ranges, q)}) r limit 301`);
for (let i = 0; i < 3; i++) {
  const { rows } = await client.query(query.sql, query.params);
  console.log(rows.filter((r: any) => /Planning|Execution/.test(r['QUERY PLAN'])).map((r: any) => r['QUERY PLAN']).join(' | '));
}
await client.end();
