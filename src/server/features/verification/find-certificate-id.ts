import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { person } from '../../db/schema/index.ts';

/**
 * The verification lookup: one exact, case-sensitive match on the unique (FIN, serial) index
 * among live records. Prepared once, so each call only binds and executes.
 */
export function prepareFindCertificateId(db: Db) {
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
  return async (finNumber: string, eCertNumber: string): Promise<string | null> => {
    const [row] = await statement.execute({ finNumber, eCertNumber });
    return row?.id ?? null;
  };
}
