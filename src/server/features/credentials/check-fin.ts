import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordIdOfUrl } from '#shared/record-page.ts';
import { normalisedFin } from '#shared/rules/identity-hash.ts';
import { isRecordId } from '#shared/rules/record-id.ts';
import { queryRows } from '../../db/database.ts';
import { invalidInput } from '../../errors.ts';

/** The record a credential of this portal is about: the credential's id is its record page. */
export function recordIdOf(publicUrl: string, credentialId: string): string {
  const id = recordIdOfUrl(credentialId, publicUrl) ?? '';
  if (!isRecordId(id)) {
    const message = 'This credential was not issued by this portal.';
    throw invalidInput(message, { credentialId: message });
  }
  return id.toLowerCase();
}

/**
 * Whether `fin` is the FIN of the record a credential is about, as staff and holders type it either
 * way. A record in the trash answers too: its credential still verifies (the trash hides, revocation
 * withdraws). Anyone may ask, within the verification budget, as anyone may verify a FIN and serial.
 */
export async function finMatchesCredential(
  app: FastifyInstance,
  credentialId: string,
  fin: string,
): Promise<boolean> {
  const [row] = await queryRows<{ matches: boolean }>(
    app.db,
    sql`select upper(btrim(fin_number)) = ${normalisedFin(fin)} as matches
        from person where id = ${recordIdOf(app.config.publicUrl, credentialId)}`,
  );
  return row?.matches === true;
}
