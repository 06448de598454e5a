import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ReportRow, VerifierStatus } from '#shared/api/verifiers.ts';
import { user } from './auth.ts';

/**
 * An organisation that checks e-Certs in bulk: its application, staff's decision, and once approved
 * the sign-in user it acts through (role "verifier", never a staff user).
 */
export const verifier = pgTable(
  'verifier',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyName: text('company_name').notNull(),
    registrationNumber: text('registration_number').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    status: text('status').$type<VerifierStatus>().notNull().default('pending'),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    dailyQuota: integer('daily_quota').notNull(),
    /** The quota used on quotaDay (UTC): one row to read, however many rows the day's lists held. */
    quotaDay: date('quota_day', { mode: 'string' }),
    quotaUsed: integer('quota_used').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('verifier_created_at_idx').on(t.createdAt.desc()),
    uniqueIndex('verifier_user_id_idx').on(t.userId),
  ],
);

/**
 * One row a verifier checked: which record it matched (none for a no-match), the outcome, the
 * purpose given at application, and how much of the daily quota it took. Kept for the retention
 * period; staff read it per verifier and per record, holders never.
 */
export const verifierCheck = pgTable(
  'verifier_check',
  {
    // Time-ordered, so a list's rows go to the key's last pages instead of 1,000 random ones.
    id: uuid('id').primaryKey().default(sql`time_ordered_uuid()`),
    verifierId: uuid('verifier_id')
      .notNull()
      .references(() => verifier.id, { onDelete: 'cascade' }),
    // Not a foreign key: its check would lock each matched record, a row lock written into the
    // record's page (a list of 1,000 wrote 8 MB of WAL). Records are only ever moved to the trash;
    // a delete by hand unlinks their checks through a trigger (migration 0036).
    personId: uuid('person_id'),
    outcome: text('outcome').notNull(),
    purpose: text('purpose').notNull(),
    weight: integer('weight').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verifier_check_verifier_idx').on(t.verifierId, t.checkedAt),
    // The hourly no-match ceiling counts these: at most the ceiling's worth an hour, whatever else.
    index('verifier_check_no_match_idx').on(t.verifierId, t.checkedAt).where(sql`${t.outcome} = 'no-match'`),
    index('verifier_check_person_idx').on(t.personId, t.checkedAt).where(sql`${t.personId} is not null`),
    index('verifier_check_checked_at_idx').on(t.checkedAt),
  ],
);

/**
 * A key a verifier's own systems check e-Certs with, made in the verifier area. Only the SHA-256 of
 * the key is kept, as for staff keys; it only ever opens the verification routes of its verifier.
 */
export const verifierApiKey = pgTable(
  'verifier_api_key',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    verifierId: uuid('verifier_id')
      .notNull()
      .references(() => verifier.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('verifier_api_key_verifier_idx').on(t.verifierId, t.createdAt)],
);

/**
 * A checked list as its report prints it, under a random id its QR code names, so anyone holding
 * the report can see on the portal that it is genuine and unchanged. Pruned with the check log.
 */
export const verifierReport = pgTable(
  'verifier_report',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    verifierId: uuid('verifier_id')
      .notNull()
      .references(() => verifier.id, { onDelete: 'cascade' }),
    rows: jsonb('rows').$type<ReportRow[]>().notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifier_report_checked_at_idx').on(t.checkedAt)],
);
