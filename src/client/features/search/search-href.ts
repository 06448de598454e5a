export const searchHref = (query: string) => `/search?${new URLSearchParams({ q: query.trim() })}`;
