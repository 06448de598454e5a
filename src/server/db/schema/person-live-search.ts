import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The search text of each live person, and nothing else: what a staff search tests, in a table of
 * about 110 bytes a row where person's rows are about 1 kB (the stored files' references). A search
 * for a substring pg_trgm finds in a few hundred or thousand people reads every one of them to
 * test it; here those reads stay within a table small enough for PostgreSQL's own cache, where on
 * person each was a read of its own (bench/README.md: collecting the matches of 4–5 digit slices,
 * 12.8 ms on person, 4.2 ms here).
 *
 * A row for every person not in the trash, with their current created_at and search text, kept by
 * statement triggers on person (drizzle/0009_person_live_search.sql): the search's own triggers
 * write the people whose text is new, as they keep the chunks and the punctuation months, and
 * three more take out the people trashed, deleted or truncated.
 */
export const personLiveSearch = pgTable(
  'person_live_search',
  {
    id: uuid('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    searchText: text('search_text').notNull(),
  },
  (t) => [
    // Staff search for a rare substring: the trigram index finds the few matches directly.
    index('person_live_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);
