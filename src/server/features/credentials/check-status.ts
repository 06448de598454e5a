import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CredentialCheck } from '#shared/api/credentials.ts';
import { queryRows } from '../../db/database.ts';

const day = (at: string | Date) => new Date(at).toISOString().slice(0, 10);
const couldNotCheck = (why: string): CredentialCheck => ({
  check: 'status',
  outcome: 'unchecked',
  message: `Could not be checked: ${why} This does not mean it is not revoked.`,
});

/**
 * The revocation status of one of our credentials, read from the same rows the status list is built
 * from, so it agrees with /status/:list and can say when.
 */
export async function checkStatus(app: FastifyInstance, status: unknown): Promise<CredentialCheck> {
  const entry = status as
    | { type?: unknown; statusPurpose?: unknown; statusListCredential?: unknown; statusListIndex?: unknown }
    | undefined;
  if (entry?.type !== 'BitstringStatusListEntry' || entry.statusPurpose !== 'revocation') {
    return couldNotCheck('the credential names no revocation list.');
  }
  const prefix = `${app.config.publicUrl}/status/`;
  const listUrl = String(entry.statusListCredential);
  const listId = Number(listUrl.startsWith(prefix) ? listUrl.slice(prefix.length) : Number.NaN);
  const listIndex = Number(entry.statusListIndex);
  if (!Number.isSafeInteger(listId) || !Number.isSafeInteger(listIndex)) {
    return couldNotCheck('its status list is not one of this portal\u2019s.');
  }
  const [place] = await queryRows<{
    retired_at: string | null;
    revoked_at: string | null;
    person: string | null;
  }>(
    app.db,
    sql`select s.retired_at::text as retired_at, p.revoked_at::text as revoked_at, s.person_id as person
        from credential_status s left join person p on p.id = s.person_id
        where s.list_id = ${listId} and s.list_index = ${listIndex}`,
  );
  if (!place) return couldNotCheck('this place in the status list was never given out.');
  if (place.revoked_at) {
    const on = day(place.revoked_at);
    return { check: 'status', outcome: 'fail', message: `Revoked on ${on}.`, date: on };
  }
  if (place.retired_at) {
    const on = day(place.retired_at);
    return {
      check: 'status',
      outcome: 'fail',
      message: `Revoked on ${on}: this copy was withdrawn when the record was reinstated; the record page offers the current one.`,
      date: on,
    };
  }
  if (!place.person)
    return { check: 'status', outcome: 'fail', message: 'Revoked: the record no longer exists.' };
  return {
    check: 'status',
    outcome: 'pass',
    message: 'Not revoked, according to this portal\u2019s status list now.',
  };
}
