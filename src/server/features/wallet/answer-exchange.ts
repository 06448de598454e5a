import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { walletExchange } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { VC_V2_CONTEXT } from '../credentials/build-credential.ts';
import { presentationDomain } from './exchange-urls.ts';
import { holderCredential } from './holder-credential.ts';
import { verifyHolderPresentation } from './verify-holder-presentation.ts';

const UNKNOWN = 'This wallet link is not known. Open "Add to wallet" on the record page for a new one.';
const used = () =>
  new AppError(
    410,
    'This wallet link was used already. Open "Add to wallet" on the record page for a new one.',
    'EXCHANGE_USED',
  );
const expired = () =>
  new AppError(
    410,
    'This wallet link has expired. Open "Add to wallet" on the record page for a new one.',
    'EXCHANGE_EXPIRED',
  );

/** The exchange, still open; otherwise the reason it is not, in words for the holder. */
export async function openExchange(app: FastifyInstance, id: string) {
  const [row] = await app.db
    .select({
      personId: walletExchange.personId,
      challenge: walletExchange.challenge,
      completed: sql<boolean>`${walletExchange.completedAt} is not null`,
      expired: sql<boolean>`${walletExchange.expiresAt} <= now()`,
    })
    .from(walletExchange)
    .where(eq(walletExchange.id, id));
  if (!row) throw notFound(UNKNOWN);
  if (row.completed) throw used();
  if (row.expired) throw expired();
  return row;
}

/**
 * One VC-API exchange message. Without a presentation (the wallet's first `{}`), asks for DID
 * authentication; with one, verifies it and answers with the credential issued to the holder.
 */
export async function answerExchange(app: FastifyInstance, id: string, presentation: unknown) {
  const exchange = await openExchange(app, id);
  const domain = presentationDomain(app.config.publicUrl);
  if (presentation === undefined) {
    return {
      verifiablePresentationRequest: {
        query: [{ type: 'DIDAuthentication', acceptedMethods: [{ method: 'key' }] }],
        challenge: exchange.challenge,
        domain,
      },
    };
  }
  const holder = await verifyHolderPresentation(presentation, { challenge: exchange.challenge, domain });
  const credential = await holderCredential(app, exchange.personId, holder);
  if (!credential)
    throw new AppError(409, 'This e-Cert is no longer valid: it cannot be added to a wallet.', 'CONFLICT');

  // Closed only if still open: of two presentations racing on two instances, one gets the credential.
  const closed = await app.db
    .update(walletExchange)
    .set({ completedAt: sql`now()`, holder })
    .where(
      and(
        eq(walletExchange.id, id),
        isNull(walletExchange.completedAt),
        gt(walletExchange.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: walletExchange.id });
  if (closed.length === 0) {
    await openExchange(app, id); // throws why it closed meanwhile
    throw used();
  }
  return {
    verifiablePresentation: {
      '@context': [VC_V2_CONTEXT],
      type: ['VerifiablePresentation'],
      verifiableCredential: [credential],
    },
  };
}
