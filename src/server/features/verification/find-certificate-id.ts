import { and, eq, fillPlaceholders, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { preparePgliteStatement } from '../../db/pglite-statement.ts';
import { person } from '../../db/schema/index.ts';

/**
 * The verification lookup: one exact, case-sensitive match on the unique (FIN, serial) index
 * among live records. Prepared once, so each call only binds and executes: on PostgreSQL through
 * Drizzle (a named statement per connection), on PGlite through its wire protocol, which made
 * the lookup 13× faster there (bench/README.md).
 */
export function prepareFindCertificateId({ db, pglite }: Pick<Database, 'db' | 'pglite'>) {
  const statement = db
    .select({ id: person.id })
    .from(person)
    .where(
      and(
        eq(person.finNumber, sql.placeholder('finNumber')),
        eq(person.eCertNumber, sql.placeholder('eCertNumber')),
        isNull(person.deletedAt),
      ),
    )
    .limit(1)
    .prepare('find_certificate_id');
  if (pglite) {
    const query = statement.getQuery();
    const run = preparePgliteStatement(pglite, 'find_certificate_id', query.sql);
    return async (finNumber: string, eCertNumber: string): Promise<string | null> => {
      const values = fillPlaceholders(query.params, { finNumber, eCertNumber }).map(String);
      return (await run(values))[0]?.[0] ?? null;
    };
  }
  return async (finNumber: string, eCertNumber: string): Promise<string | null> => {
    const [row] = await statement.execute({ finNumber, eCertNumber });
    return row?.id ?? null;
  };
}
