import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Db, prepareOnPool } from '#server/db/database.ts';
import * as schema from '#server/db/schema/index.ts';
import { findPeople } from '#server/features/people/find-people.ts';
import { prepareFindCertificateId } from '#server/features/verification/find-certificate-id.ts';

interface Captured {
  text: string;
  values: unknown[];
}

/**
 * The product's own queries, captured as Drizzle sends them to pg (so the plans shown are of the
 * exact SQL the server runs, not a hand-copied version), then run under EXPLAIN ANALYZE.
 */
export async function explainQueries(
  url: string,
  sample: { fin: string; serial: string; q: string; rareQ: string; oldQ: string },
) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const captured: Captured[] = [];
  const recording = new Proxy(pool, {
    get(target, property, receiver) {
      if (property !== 'query') return Reflect.get(target, property, receiver);
      return (config: string | { text: string; values?: unknown[] }, values?: unknown[]) => {
        const text = typeof config === 'string' ? config : config.text;
        captured.push({
          text,
          values: (typeof config === 'string' ? values : config.values) ?? values ?? [],
        });
        return target.query(config as string, values);
      };
    },
  });
  const db = drizzle(recording, { schema }) as unknown as Db;
  try {
    const capture = async (run: () => Promise<unknown>) => {
      captured.length = 0;
      await run();
      return [...captured];
    };
    const findCertificateId = prepareFindCertificateId({ prepareText: prepareOnPool(recording) });
    const plans: Record<string, { sql: string; params: unknown[]; plan: string }> = {};
    const explain = async (name: string, query: Captured | undefined) => {
      if (!query) throw new Error(`no query captured for ${name}`);
      // Twice: the first warms the cache; the second is the steady state the load test sees.
      await pool.query(`explain (analyze, buffers) ${query.text}`, query.values);
      const { rows } = await pool.query(`explain (analyze, buffers) ${query.text}`, query.values);
      plans[name] = {
        sql: query.text,
        params: query.values,
        plan: rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'),
      };
    };
    const [verify] = await capture(() => findCertificateId(sample.fin, sample.serial));
    await explain('verify', verify);
    // A search counts up to 1,000 matches and ranks them when that is all; with more, a second
    // statement reads the best page from the indexes. Each query it sent is shown in turn, the
    // last fetching the page's rows.
    const searches = { search: sample.q, 'search-rare': sample.rareQ, 'search-old': sample.oldQ };
    for (const [name, q] of Object.entries(searches)) {
      const queries = await capture(() => findPeople(db, { q, page: 1, pageSize: 20 }, { validityYears: 2 }));
      const shown = queries.filter((query) => !query.text.startsWith('explain'));
      for (const [step, query] of shown.entries()) await explain(`${name}-${step + 1}`, query);
    }
    // Far into the list the way staff reach it: a jump to a passed date (page numbers stop at 1,000 rows).
    const jump = await capture(() =>
      findPeople(
        db,
        { q: '', page: 1, pageSize: 20, sort: 'passed', from: '2020-06-01' },
        { validityYears: 2 },
      ),
    );
    for (const [step, query] of jump.entries()) await explain(`list-jump-${step + 1}`, query);
    return plans;
  } finally {
    await pool.end();
  }
}
