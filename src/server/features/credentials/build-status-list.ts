import { BitstringStatusList, createCredential } from '@digitalbazaar/vc-bitstring-status-list';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/database.ts';
import { STATUS_LIST_LENGTH } from './assign-status-entry.ts';

/**
 * The revoked places of one list, or null when the list has no places at all: places retired on
 * reinstatement, and the current places of revoked people, found from person_revoked_idx (few
 * people are revoked; joining all 65,536 places of a list to person took 450-870 ms at 1,000,000
 * people, this 35-90 ms). Nothing deletes people for good; a purge would first retire their places.
 */
async function revokedPlaces(db: Db, listId: number): Promise<number[] | null> {
  const [exists] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from credential_status where list_id = ${listId}) as found`,
  );
  if (!exists?.found) return null;
  const rows = await queryRows<{ list_index: number }>(
    db,
    sql`select list_index from credential_status where list_id = ${listId} and retired_at is not null
        union all
        select s.list_index from person p
        join credential_status s on s.person_id = p.id and s.retired_at is null
        where p.revoked_at is not null and s.list_id = ${listId}`,
  );
  return rows.map((row) => Number(row.list_index));
}

/** The unsigned BitstringStatusListCredential of a list, or null when the list does not exist. */
export async function buildStatusList(db: Db, options: { listId: number; listUrl: string; issuer: string }) {
  const revoked = await revokedPlaces(db, options.listId);
  if (!revoked) return null;
  const list = new BitstringStatusList({ length: STATUS_LIST_LENGTH });
  for (const index of revoked) list.setStatus(index, true);
  const credential = await createCredential({ id: options.listUrl, list, statusPurpose: 'revocation' });
  return {
    ...credential,
    issuer: options.issuer,
    validFrom: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  };
}
