import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  WALLET_EXCHANGE_MINUTES,
  type WalletClaim,
  walletCodes,
  walletMessages,
} from '#shared/api/wallet.ts';
import { isPassed } from '#shared/rules/test-result.ts';
import { queryRows } from '../../db/database.ts';
import { walletExchange } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { notAnECert } from '../credentials/not-an-e-cert.ts';
import { interactionUrl } from './exchange-urls.ts';

/** Passport numbers as people type them: any case, with or without spaces and hyphens. */
const normalisedPassportNumber = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

const WRONG_ANSWER = walletMessages.wrongPassport;

const notOffered = () =>
  new AppError(403, 'Adding this e-Cert to a wallet is not offered by this portal.', 'FORBIDDEN');

/**
 * Opens a wallet exchange for the holder of a live, unrevoked record, once they have shown they
 * know its passport number: the page link alone is what anyone who verified the e-Cert also has.
 */
export async function startWalletClaim(
  app: FastifyInstance,
  personId: string,
  passportNumber: string,
): Promise<WalletClaim> {
  if (!app.config.maskIdentifiers) {
    // With masking off the page shows the passport number, so it proves nothing about who asks.
    throw notOffered();
  }
  const [row] = await queryRows<{
    matches: boolean;
    revoked: boolean;
    scanned: boolean;
    test_result: string;
  }>(
    app.db,
    sql`select upper(regexp_replace(passport_number, '[[:space:]-]', '', 'g'))
               = ${normalisedPassportNumber(passportNumber)} as matches,
             revoked_at is not null as revoked,
             passport_image is not null as scanned, test_result
        from person where id = ${personId} and deleted_at is null`,
  );
  if (!row) throw notFound('No data to display.');
  // A published passport scan shows the number to everyone too.
  if (row.scanned && app.config.publicIdentityDocuments) throw notOffered();
  if (row.revoked)
    throw new AppError(409, 'This e-Cert is revoked: it cannot be added to a wallet.', 'CONFLICT');
  if (!isPassed(row.test_result)) throw notAnECert(row.test_result);
  if (!row.matches)
    throw new AppError(400, WRONG_ANSWER, walletCodes.wrongPassport, { passportNumber: WRONG_ANSWER });

  // Exchanges a day past their end are of no use to anyone; clearing them here keeps the table small.
  await app.db.execute(sql`delete from wallet_exchange where expires_at < now() - interval '1 day'`);
  const [exchange] = await app.db
    .insert(walletExchange)
    .values({
      personId,
      challenge: randomBytes(24).toString('base64url'),
      expiresAt: sql`now() + make_interval(mins => ${WALLET_EXCHANGE_MINUTES})`,
    })
    .returning({ id: walletExchange.id, expiresAt: walletExchange.expiresAt });
  if (!exchange) throw new Error('The wallet exchange was not stored.');
  return {
    interactionUrl: interactionUrl(app.config.publicUrl, exchange.id),
    expiresAt: exchange.expiresAt.toISOString(),
  };
}
