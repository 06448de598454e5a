import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * For each piece of search text that pg_trgm cannot see, the months (UTC) in which live people
 * with it were created. pg_trgm reads letters and digits only, so "-2020" is to it the trigrams of
 * "2020", which random digits hold everywhere; every person with a serial of 2020 is years old,
 * and a search for it walked every newer chunk first (bench/README.md).
 *
 * `gram` is every substring of 3 to 5 characters of a person's search text that holds a character
 * other than a-z, 0-9 and the space (a '-' of a serial, say). Any match of a pattern holds each
 * such substring of the pattern, so none was created after the newest month listed for all of
 * them, and a search starts there. Statement triggers add the months of new, edited and restored
 * people (drizzle/0008_person_search_punctuation.sql) and nothing takes them away, so a month may
 * be listed that no live person has any more (the search then starts a little early), never the
 * other way round.
 */
export const personSearchPunctuation = pgTable(
  'person_search_punctuation',
  {
    gram: text('gram').notNull(),
    month: timestamp('month', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.gram, t.month] })],
);
