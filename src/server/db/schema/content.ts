import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ContentFiles } from '#shared/api/content-files.ts';

/**
 * Every published state of the site's content, whole, newest the highest `version`. Each instance
 * serves the highest; none at all means the `content/` files are what is published.
 */
export const contentVersion = pgTable('content_version', {
  version: integer('version').primaryKey(),
  files: jsonb('files').$type<ContentFiles>().notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  /** Null for version 0: the `content/` files the installation started from. */
  publishedBy: text('published_by'),
  /** The version this one puts back, when it was made by restoring one. */
  restoredFrom: integer('restored_from'),
});

/** An unpublished edit of one file in one language; publishing takes every draft at once. */
export const contentDraft = pgTable(
  'content_draft',
  {
    language: text('language').notNull(),
    name: text('name').notNull(),
    body: jsonb('body').notNull(),
    /** Changes with every save: an editor who saves must have seen the draft as it is now. */
    stamp: uuid('stamp').notNull().defaultRandom(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.language, t.name] })],
);

/**
 * A native speaker's approval of one translated file: what the translation and the English said
 * when approved, so a later change to either shows, with what changed.
 */
export const contentReview = pgTable(
  'content_review',
  {
    language: text('language').notNull(),
    name: text('name').notNull(),
    approvedBy: text('approved_by').notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
    translation: jsonb('translation').notNull(),
    english: jsonb('english').notNull(),
  },
  (t) => [primaryKey({ columns: [t.language, t.name] })],
);
