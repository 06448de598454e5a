import type { I18n } from '@lingui/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CredentialCheck } from '#shared/api/credentials.ts';
import { isPassed } from '#shared/rules/test-result.ts';
import { queryRows } from '../../db/database.ts';

const day = (at: string | Date) => new Date(at).toISOString().slice(0, 10);

const texts = {
  couldNotCheck: /*i18n*/ { id: 'Could not be checked: {why} This does not mean it is not revoked.' },
  noList: /*i18n*/ { id: 'the credential names no revocation list.' },
  notOurList: /*i18n*/ { id: 'its status list is not one of this portal\u2019s.' },
  neverGiven: /*i18n*/ { id: 'this place in the status list was never given out.' },
  revokedOn: /*i18n*/ { id: 'Revoked on {date}.' },
  withdrawnOn: /*i18n*/ {
    id: 'Revoked on {date}: this copy was withdrawn when the record was reinstated; the record page offers the current one.',
  },
  resultChanged: /*i18n*/ {
    id: 'Revoked on {date}: the result changed to {result}, so this is no longer an e-Cert.',
  },
  gone: /*i18n*/ { id: 'Revoked: the record no longer exists.' },
  notRevoked: /*i18n*/ { id: 'Not revoked, according to this portal\u2019s status list now.' },
};

const couldNotCheck = (i18n: I18n, why: { id: string }): CredentialCheck => ({
  check: 'status',
  outcome: 'unchecked',
  message: i18n._(texts.couldNotCheck.id, { why: i18n._(why.id) }),
});

/**
 * The revocation status of one of our credentials, read from the same rows the status list is built
 * from, so it agrees with /status/:list and can say when.
 */
export async function checkStatus(
  app: FastifyInstance,
  status: unknown,
  i18n: I18n,
): Promise<CredentialCheck> {
  const entry = status as
    | { type?: unknown; statusPurpose?: unknown; statusListCredential?: unknown; statusListIndex?: unknown }
    | undefined;
  if (entry?.type !== 'BitstringStatusListEntry' || entry.statusPurpose !== 'revocation') {
    return couldNotCheck(i18n, texts.noList);
  }
  const prefix = `${app.config.publicUrl}/status/`;
  const listUrl = String(entry.statusListCredential);
  const listId = Number(listUrl.startsWith(prefix) ? listUrl.slice(prefix.length) : Number.NaN);
  const listIndex = Number(entry.statusListIndex);
  if (!Number.isSafeInteger(listId) || !Number.isSafeInteger(listIndex)) {
    return couldNotCheck(i18n, texts.notOurList);
  }
  const [place] = await queryRows<{
    retired_at: string | null;
    revoked_at: string | null;
    person: string | null;
    test_result: string | null;
  }>(
    app.db,
    sql`select s.retired_at::text as retired_at, p.revoked_at::text as revoked_at, s.person_id as person,
          p.test_result
        from credential_status s left join person p on p.id = s.person_id
        where s.list_id = ${listId} and s.list_index = ${listIndex}`,
  );
  if (!place) return couldNotCheck(i18n, texts.neverGiven);
  if (place.revoked_at) {
    const on = day(place.revoked_at);
    return { check: 'status', outcome: 'fail', message: i18n._(texts.revokedOn.id, { date: on }), date: on };
  }
  if (place.retired_at) {
    const on = day(place.retired_at);
    const result = place.test_result;
    if (result !== null && !isPassed(result)) {
      const message = i18n._(texts.resultChanged.id, { date: on, result });
      return { check: 'status', outcome: 'fail', message, date: on, result };
    }
    return {
      check: 'status',
      outcome: 'fail',
      message: i18n._(texts.withdrawnOn.id, { date: on }),
      date: on,
    };
  }
  if (!place.person) return { check: 'status', outcome: 'fail', message: i18n._(texts.gone.id) };
  return {
    check: 'status',
    outcome: 'pass',
    message: i18n._(texts.notRevoked.id),
  };
}
