import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A holder's claim of a credential into a wallet, one VC-API exchange. Kept in the database, not
 * in memory, so any instance can finish an exchange another started. Its id is the unguessable part
 * of the exchange's address; it is used once (completed_at) and only until expires_at.
 */
export const walletExchange = pgTable(
  'wallet_exchange',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No foreign key, as in credential_status: a person deleted meanwhile simply finds no record.
    personId: uuid('person_id').notNull(),
    /** Random text the wallet must sign in its presentation, so an old presentation cannot be replayed. */
    challenge: text('challenge').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The DID the credential was issued to. */
    holder: text('holder'),
  },
  (t) => [index('wallet_exchange_expires_at_idx').on(t.expiresAt)],
);
