import { date, text, timestamp } from 'drizzle-orm/pg-core';

/** The eleven personal and test columns people and renewal records share. */
export const recordColumns = () => ({
  name: text('name').notNull(),
  dob: date('dob', { mode: 'string' }).notNull(),
  gender: text('gender').notNull(),
  nationality: text('nationality').notNull(),
  passportNumber: text('passport_number').notNull(),
  finNumber: text('fin_number').notNull(),
  eCertNumber: text('e_cert_number').notNull(),
  tradeTested: text('trade_tested').notNull(),
  testLevel: text('test_level').notNull(),
  testResult: text('test_result').notNull(),
  passedDate: date('passed_date', { mode: 'string' }).notNull(),
});

/** Who changed a record and when; `deletedAt` marks it as in the trash. */
export const trackingColumns = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: text('created_by'),
  updatedBy: text('updated_by'),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** The five searchable fields as one text: renewal's trigram index covers it, person stores it lower-cased. */
export const searchTextSql =
  "(name || ' ' || passport_number || ' ' || nationality || ' ' || e_cert_number || ' ' || fin_number)";
