import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isPassed } from '#shared/rules/test-result.ts';
import { queryRows } from '../../db/database.ts';
import { signedCredential } from '../../db/schema/credentials.ts';
import { statusEntryOf } from './assign-status-entry.ts';
import { buildCredential } from './build-credential.ts';
import { notAnECert } from './not-an-e-cert.ts';

interface PersonForCredential {
  id: string;
  name: string;
  trade_tested: string;
  test_level: string;
  test_result: string;
  passed_date: string;
  updated_at: string;
  list_id: number | null;
  list_index: number | null;
  basis: string | null;
  credential: Record<string, unknown> | null;
}

/** A live person with their current status place and stored credential, in one statement. */
const findPerson = (app: FastifyInstance, id: string) =>
  queryRows<PersonForCredential>(
    app.db,
    sql`select p.id, p.name, p.trade_tested, p.test_level, p.test_result,
          p.passed_date::text as passed_date, p.updated_at::text as updated_at,
          s.list_id, s.list_index, c.basis, c.credential
        from person p
        left join credential_status s on s.person_id = p.id and s.retired_at is null
        left join signed_credential c on c.person_id = p.id
        where p.id = ${id} and p.deleted_at is null`,
  );

export const statusListUrl = (publicUrl: string, listId: number) => `${publicUrl}/status/${listId}`;

/**
 * What a credential holds, as a number: part of what a stored credential was made from, so one
 * stored in an older form is signed again on its next download. Form 2 left the salted FIN out.
 */
const CREDENTIAL_FORM = 2;

/**
 * The signed credential of a live person, or null; a result other than a pass is refused. Signed once per version of what it is made of
 * (the record, its status place, the signing key and the settings it shows) and stored; every
 * other download is a read.
 */
export async function credentialOfPerson(app: FastifyInstance, id: string) {
  const [row] = await findPerson(app, id);
  if (!row) return null;
  if (!isPassed(row.test_result)) throw notAnECert(row.test_result);
  const entry =
    row.list_id !== null && row.list_index !== null
      ? { listId: row.list_id, listIndex: row.list_index }
      : await statusEntryOf(app.db, id);
  const { publicUrl, certValidityYears } = app.config;
  const issuerName = app.content.site.issuerName;
  const basis = createHash('sha256')
    .update(
      JSON.stringify([
        CREDENTIAL_FORM,
        row.updated_at,
        entry,
        await app.issuer.signingKeyId(),
        publicUrl,
        issuerName,
        certValidityYears,
      ]),
    )
    .digest('base64url');
  if (row.basis === basis && row.credential) return row.credential;

  const unsigned = buildCredential(
    {
      personId: row.id,
      name: row.name,
      tradeTested: row.trade_tested,
      testLevel: row.test_level,
      testResult: row.test_result,
      passedDate: row.passed_date,
    },
    {
      publicUrl,
      did: app.issuer.did,
      issuerName,
      validityYears: certValidityYears,
      status: { listUrl: statusListUrl(publicUrl, entry.listId), index: entry.listIndex },
    },
  );
  const credential = await app.issuer.sign(unsigned);
  await app.db
    .insert(signedCredential)
    .values({ personId: id, basis, credential })
    .onConflictDoUpdate({
      target: signedCredential.personId,
      set: { basis, credential, signedAt: sql`now()` },
    });
  return credential;
}
