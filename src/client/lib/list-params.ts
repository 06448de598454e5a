/** `?q=&page=` of a paginated staff list; a missing or bad page is page 1. */
export function listParams(search: URLSearchParams | string) {
  const params = typeof search === 'string' ? new URL(search).searchParams : search;
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** A paginated list endpoint's query string. */
export const listQueryString = (params: { q?: string; page: number; pageSize: number }) =>
  new URLSearchParams({
    ...(params.q ? { q: params.q } : {}),
    page: String(params.page),
    pageSize: String(params.pageSize),
  }).toString();
