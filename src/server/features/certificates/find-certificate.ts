import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { person } from '../../db/schema/index.ts';

/** One live record by id, and every live record sharing its FIN (newest passed date first). */
export function prepareFindCertificate(db: Db) {
  const byId = db
    .select()
    .from(person)
    .where(and(eq(person.id, sql.placeholder('id')), isNull(person.deletedAt)))
    .limit(1)
    .prepare('find_certificate');
  const byFin = db
    .select({
      tradeTested: person.tradeTested,
      testLevel: person.testLevel,
      passedDate: person.passedDate,
      testResult: person.testResult,
    })
    .from(person)
    .where(and(eq(person.finNumber, sql.placeholder('finNumber')), isNull(person.deletedAt)))
    .orderBy(desc(person.passedDate), desc(person.createdAt))
    .limit(200)
    .prepare('find_training_records');

  return async (id: string) => {
    const [row] = await byId.execute({ id });
    if (!row) return null;
    const records = await byFin.execute({ finNumber: row.finNumber });
    return { row, records };
  };
}
