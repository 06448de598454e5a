import { and, isNull, sql } from 'drizzle-orm';
import { BULK_MATCHING_MAX, type PeopleMatching } from '#shared/api/people.ts';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../db/record-audit.ts';
import { person } from '../../db/schema/index.ts';
import { conflict, invalidInput } from '../../errors.ts';
import { auditRevocations } from './bulk-people.ts';
import { matchingPeople } from './find-people.ts';
import type { ListContext } from './list-order.ts';

const records = (n: number) => `${n.toLocaleString('en')} record${n === 1 ? '' : 's'}`;

/**
 * Revokes, with one reason, every live record the list's search and filters match, when as many
 * match as the person confirmed (`confirmed`); those revoked already stay as they were. One
 * transaction: the matches are locked, counted and revoked, each audited under one line that
 * names the search and filters. Answers how many it revoked.
 */
export async function revokeMatching(
  db: Db,
  input: { matching: PeopleMatching; confirmed: number; reason: string },
  context: ListContext,
  actor: Actor,
): Promise<number> {
  const { matching, confirmed, reason } = input;
  return db.transaction(async (tx) => {
    const matches = await tx
      .select({ id: person.id, revokedAt: person.revokedAt })
      .from(person)
      .where(matchingPeople(matching, context))
      .limit(BULK_MATCHING_MAX + 1)
      .for('update');
    if (matches.length > BULK_MATCHING_MAX) {
      throw invalidInput(`More than ${records(BULK_MATCHING_MAX)} match. Narrow the search or filters.`);
    }
    if (matches.length !== confirmed) {
      throw conflict(
        `${records(matches.length)} match now, not the ${records(confirmed)} confirmed. Nothing was changed.`,
      );
    }
    const ids = matches.filter((match) => !match.revokedAt).map((match) => match.id);
    if (ids.length === 0) throw conflict('Every matching record is revoked already. Nothing was changed.');
    const rows = await tx
      .update(person)
      .set({ revokedAt: sql`now()`, revocationReason: reason, updatedAt: sql`now()`, updatedBy: actor.id })
      .where(and(sql`${person.id} = any(${`{${ids.join(',')}}`}::uuid[])`, isNull(person.revokedAt)))
      .returning({ id: person.id, revokedAt: person.revokedAt });
    await auditRevocations(tx, actor, rows, reason, { matching: [null, matching] });
    return rows.length;
  });
}
