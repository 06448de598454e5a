import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { Tx } from '../../db/record-audit.ts';
import { person } from '../../db/schema/index.ts';
import { conflict } from '../../errors.ts';

export const duplicatePairMessage = 'A record with this FIN number and e-Cert serial no. already exists.';

/**
 * Refuses a (FIN, e-Cert no.) pair another live record holds, before any file is written. The
 * unique index still decides when two requests race; callers turn its violation into the same 409.
 */
export async function assertPairFree(
  db: Db | Tx,
  pair: { finNumber: string; eCertNumber: string },
  exceptId?: string,
) {
  const [taken] = await db
    .select({ id: person.id })
    .from(person)
    .where(
      and(
        eq(person.finNumber, pair.finNumber),
        eq(person.eCertNumber, pair.eCertNumber),
        isNull(person.deletedAt),
        exceptId ? ne(person.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw conflict(duplicatePairMessage);
}
