import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { credentialStatus } from '../../db/schema/credentials.ts';
import { AppError } from '../../errors.ts';

/**
 * An e-Cert is a passed result: a record with any other result is a training record, for which no
 * signed credential, PDF e-Cert or wallet copy is made.
 */
export const notAnECert = (testResult: string) =>
  new AppError(
    409,
    `This record's result is ${testResult}: it is a training record, not an e-Cert, so no e-Cert is issued for it.`,
    'NOT_AN_E_CERT',
  );

/**
 * Retires a person's current place in the status list, which then reads revoked for good: on
 * reinstatement, and when the result stops being a pass. A later credential gets a new place.
 */
export const retireStatusPlace = (db: Pick<Db, 'update'>, personId: string) =>
  db
    .update(credentialStatus)
    .set({ retiredAt: sql`now()` })
    .where(and(eq(credentialStatus.personId, personId), isNull(credentialStatus.retiredAt)));
