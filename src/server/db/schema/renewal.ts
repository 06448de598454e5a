import { sql } from 'drizzle-orm';
import { index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { recordColumns, searchTextSql, trackingColumns } from './record-columns.ts';

/** A renewal record: the person's personal and test fields, without files. */
export const renewal = pgTable(
  'renewal',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...recordColumns(),
    ...trackingColumns(),
  },
  (t) => [
    index('renewal_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('renewal_fin_idx').on(t.finNumber),
    index('renewal_search_trgm_idx').using('gin', sql`${renewalSearchText} gin_trgm_ops`),
  ],
);

/** The expression the trigram index covers; search queries must use exactly this. */
export const renewalSearchText = sql.raw(searchTextSql);
