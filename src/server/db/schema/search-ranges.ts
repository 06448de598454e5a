import { integer, pgSequence, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * The live people split by the time they were added, each share with its own trigram index
 * (`person_live_search_range_<n>`, built by features/people/search-ranges.ts): a search reads the
 * newest shares first and stops once it has what its page needs, so a common search's work is
 * bounded by a share's size, not the registry's (the older rest is read at once, search-people.ts).
 * A range holds people added from `startsAt` (none: from the first) until before `endsAt` (none:
 * from then on); together they hold everyone. No rows: one share of everyone, on the index of the
 * whole search text.
 */
export const personSearchRange = pgTable('person_search_range', {
  n: integer('n').primaryKey(),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
});

/** Each range's number, never reused: an index left by a build cut short never names a new range. */
export const personSearchRangeNumbers = pgSequence('person_search_range_n_seq');
