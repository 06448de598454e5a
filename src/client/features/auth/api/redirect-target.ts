/**
 * Where to go after signing in: a path on this site only. Anything else ("//evil.example",
 * "https://…", "javascript:…") gives the fallback, so the link cannot redirect away.
 */
export function redirectTarget(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return fallback;
  if (value.startsWith('/\\') || /[\r\n]/.test(value)) return fallback;
  return value;
}

export const loginHref = (pathWithSearch: string) =>
  `/login?${new URLSearchParams({ redirectTo: pathWithSearch })}`;
