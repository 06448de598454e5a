import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../db/database.ts';
import { credentialOfPerson } from '../credentials/credential-of-person.ts';

/**
 * The record's credential issued to the holder's DID: the same facts, issuer and status entry as the
 * one the record page offers (so revoking the record revokes this copy too), with the subject's id
 * set to the DID that proved it is the wallet's. Its id stays the record page, which the credential
 * checker uses to find the record.
 */
export async function holderCredential(app: FastifyInstance, personId: string, holder: string) {
  // A record revoked or deleted since the holder asked gives nothing: a revoked copy is of no use.
  const [live] = await queryRows<{ id: string }>(
    app.db,
    sql`select id from person where id = ${personId} and deleted_at is null and revoked_at is null`,
  );
  if (!live) return null;
  const credential = await credentialOfPerson(app, personId);
  if (!credential) return null;
  const { proof: _signedWithoutHolder, credentialSubject, ...rest } = credential;
  return app.issuer.sign({
    ...rest,
    credentialSubject: { id: holder, ...(credentialSubject as Record<string, unknown>) },
  });
}
