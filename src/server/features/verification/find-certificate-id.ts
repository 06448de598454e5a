import { and, eq, fillPlaceholders, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { preparePgliteStatement } from '../../db/pglite-statement.ts';
import { person } from '../../db/schema/index.ts';
import { batchedLookup } from './batched-lookup.ts';

interface Pair {
  fin: string;
  serial: string;
}
type Found = { fin: string; serial: string; id: string };

/** The pairs of one batch, as the JSON array of objects `json_to_recordset` reads. */
const pairs = sql`json_to_recordset(${sql.placeholder('pairs')}::json) as k(fin text, serial text)`;

/**
 * The verification lookup: exact, case-sensitive matches on the unique (FIN, serial) index among
 * live records. Lookups arriving in the same turn of the event loop go to the database as one
 * query (batched-lookup.ts): under load, one round trip and one execution answer many requests.
 * The statement is prepared once, so each batch only binds and executes: on PostgreSQL through
 * Drizzle (a named statement per connection), on PGlite through its wire protocol, which made the
 * lookup 13× faster there (bench/README.md).
 */
export function prepareFindCertificateId({ db, pglite }: Pick<Database, 'db' | 'pglite'>) {
  const statement = db
    .select({ fin: person.finNumber, serial: person.eCertNumber, id: person.id })
    .from(pairs)
    .innerJoin(
      person,
      and(eq(person.finNumber, sql`k.fin`), eq(person.eCertNumber, sql`k.serial`), isNull(person.deletedAt)),
    )
    .prepare('find_certificate_ids');
  let findMany: (json: string) => Promise<Found[]>;
  if (pglite) {
    const query = statement.getQuery();
    const run = preparePgliteStatement(pglite, 'find_certificate_ids', query.sql);
    findMany = async (json) => {
      const rows = await run(fillPlaceholders(query.params, { pairs: json }).map(String));
      return rows.map(([fin, serial, id]) => ({ fin, serial, id }) as Found);
    };
  } else {
    findMany = (json) => statement.execute({ pairs: json });
  }

  const lookup = batchedLookup(async (batch: Pair[]) => {
    const found = new Map<string, string>();
    for (const row of await findMany(JSON.stringify(batch))) found.set(pairKey(row), row.id);
    return batch.map((pair) => found.get(pairKey(pair)) ?? null);
  });
  return (fin: string, serial: string): Promise<string | null> => lookup({ fin, serial });
}

const pairKey = ({ fin, serial }: Pair) => JSON.stringify([fin, serial]);
