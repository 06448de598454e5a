import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/database.ts';
import { credentialStatus } from '../../db/schema/credentials.ts';

/** Entries in one list: the Bitstring Status List minimum, 16 KB before compression. */
export const STATUS_LIST_LENGTH = 131_072;
/**
 * Places handed out per list. Half the entries, so a random index is free at least half the time
 * (two tries on average) while a list still hides each holder among 131,072 possible places.
 */
export const PLACES_PER_LIST = STATUS_LIST_LENGTH / 2;

export interface StatusEntry {
  listId: number;
  listIndex: number;
}

const currentEntry = async (db: Db, personId: string) =>
  (
    await db
      .select({ listId: credentialStatus.listId, listIndex: credentialStatus.listIndex })
      .from(credentialStatus)
      .where(and(eq(credentialStatus.personId, personId), isNull(credentialStatus.retiredAt)))
  )[0];

/**
 * The person's current place in a status list, given at first need: the next slot of a sequence
 * picks the list (so every list fills to half, on every instance alike), a random free index the
 * place in it. Two requests for the same person agree through the unique current-place index.
 */
export async function statusEntryOf(db: Db, personId: string): Promise<StatusEntry> {
  const known = await currentEntry(db, personId);
  if (known) return known;
  const [slot] = await queryRows<{ n: string }>(db, sql`select nextval('credential_status_slot')::text as n`);
  const listId = Math.floor(Number(slot?.n) / PLACES_PER_LIST) + 1;
  for (let attempt = 0; attempt < 64; attempt++) {
    const listIndex = randomInt(STATUS_LIST_LENGTH);
    const [placed] = await db
      .insert(credentialStatus)
      .values({ listId, listIndex, personId })
      .onConflictDoNothing()
      .returning({ listId: credentialStatus.listId, listIndex: credentialStatus.listIndex });
    if (placed) return placed;
    // Either the index was taken (try another) or a concurrent request placed this person.
    const raced = await currentEntry(db, personId);
    if (raced) return raced;
  }
  throw new Error('No free place in the status list.');
}
