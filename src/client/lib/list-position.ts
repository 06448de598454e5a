/** The URL parameters that place a list's page: a page number, a page link's cursor, or a jump. */
const POSITION_PARAMS = ['page', 'after', 'before', 'from'] as const;

/** Back to the first page: after a change of search, filter, sort or view, the old place means nothing. */
export function toFirstPage(params: URLSearchParams) {
  for (const name of POSITION_PARAMS) params.delete(name);
}

export const isPositionParam = (name: string) => (POSITION_PARAMS as readonly string[]).includes(name);
