import { sql } from 'drizzle-orm';
import {
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The issuer's Ed25519 keys, newest generation signs. The secret half is sealed with a key derived
 * from AUTH_SECRET (seal-secret.ts). Generation 1 is unique, so instances
 * starting together insert it once; rotated-out keys stay, so older credentials still verify.
 */
export const issuerKey = pgTable('issuer_key', {
  generation: integer('generation').primaryKey(),
  /** The public key as multibase (`z6Mk...`), also the fragment of the key's id in the DID document. */
  publicKeyMultibase: text('public_key_multibase').notNull().unique(),
  secretKeySealed: text('secret_key_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Hands out status slots in order; a slot's number picks its list (see assign-status-entry.ts). */
export const credentialStatusSlot = pgSequence('credential_status_slot', { startWith: 0, minValue: 0 });

/**
 * Places in the Bitstring Status Lists: a random index in a list, never reused. A person has one
 * current place; reinstating retires it for good (a revocation bit never clears) and the next
 * credential gets a new place. No foreign key (it would forbid truncating person): a place whose
 * person is gone for good shows revoked.
 */
export const credentialStatus = pgTable(
  'credential_status',
  {
    listId: integer('list_id').notNull(),
    listIndex: integer('list_index').notNull(),
    personId: uuid('person_id').notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.listIndex] }),
    uniqueIndex('credential_status_current_idx').on(t.personId).where(sql`${t.retiredAt} is null`),
  ],
);

/** A person's signed credential, kept until the record or what it was signed from changes. */
export const signedCredential = pgTable('signed_credential', {
  // No foreign key, as in credential_status; the credential of a person gone for good is never read.
  personId: uuid('person_id').primaryKey(),
  /** Digest of what the credential was made from: record version, key, settings. */
  basis: text('basis').notNull(),
  credential: jsonb('credential').$type<Record<string, unknown>>().notNull(),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
});
