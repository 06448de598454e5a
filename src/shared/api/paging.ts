import { z } from 'zod';

const MAX_PAGE_SIZE = 100;

/** `?page=&pageSize=` for every paginated list; page numbers start at 1. */
export const pageQuery = z.object({
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int({ error: 'Page must be a whole number' })
    .min(1, { error: 'Page must be at least 1' })
    .max(100_000, { error: 'Page is too large' })
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int({ error: 'Page size must be a whole number' })
    .min(1, { error: 'Page size must be at least 1' })
    .max(MAX_PAGE_SIZE, { error: `Page size must be at most ${MAX_PAGE_SIZE}` })
    .default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** A search box's `?q=`: trimmed, at most 200 characters. */
export const searchPageQuery = pageQuery.extend({
  q: z.string().trim().max(200, { error: 'Search text must be at most 200 characters' }).default(''),
});
export type SearchPageQuery = z.infer<typeof searchPageQuery>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
