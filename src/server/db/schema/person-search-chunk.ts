import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The search text of live people in runs of neighbours, newest-first order cut into pieces of
 * about 500 characters: a search for a substring whose matches are all old (a serial's year,
 * "-2017-") walks these newest first on a trigram GiST and skips every chunk without it, where
 * walking people one by one passed 800,000 records (bench/README.md).
 *
 * Chunk `ordinal`s are in the same order as their key ranges: people with (created_at, id) from
 * `from` up to, not including, `to`. The chunks cover every key exactly once. Statement triggers
 * keep them (drizzle/0006_person_search_chunks.sql; the same triggers also keep
 * person_search_punctuation since 0008, and write person_live_search since 0009): a new or edited
 * person's text is appended to its chunk, and a chunk that would outgrow its key is cut again from
 * the live people in its range, which also drops text since edited, trashed or deleted. A chunk's
 * text may so hold more than its people's current text, never less: a search still tests each
 * person it returns.
 */
export const personSearchChunk = pgTable(
  'person_search_chunk',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ordinal: bigint('ordinal', { mode: 'number' }).notNull(),
    fromCreatedAt: timestamp('from_created_at', { withTimezone: true }).notNull(),
    fromId: uuid('from_id').notNull(),
    toCreatedAt: timestamp('to_created_at', { withTimezone: true }).notNull(),
    toId: uuid('to_id').notNull(),
    /** Each person's search text on a line of its own, with '-' spelled 'qx' (see the migration). */
    doc: text('doc').notNull(),
  },
  (t) => [
    uniqueIndex('person_search_chunk_from_idx').on(t.fromCreatedAt, t.fromId),
    uniqueIndex('person_search_chunk_to_idx').on(t.toCreatedAt, t.toId),
    // btree_gist lets the GiST order by ordinal (nearest the far end first) while pg_trgm
    // prunes chunks without the pattern's trigrams.
    index('person_search_chunk_walk_idx').using('gist', t.ordinal, sql`${t.doc} gist_trgm_ops(siglen=512)`),
  ],
);
