import { pageHref } from '#client/lib/page-language.ts';

/** The search page for the words, in the page's language. */
export const searchHref = (query: string) =>
  `${pageHref('/search')}?${new URLSearchParams({ q: query.trim() })}`;
