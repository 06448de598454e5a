import { isSameSitePath } from '#shared/rules/same-site-path.ts';

/**
 * Where to go after signing in: a path on this site only. Anything else ("//evil.example",
 * "https://…", "javascript:…") gives the fallback, so the link cannot redirect away.
 */
export function redirectTarget(value: unknown, fallback = '/'): string {
  return typeof value === 'string' && isSameSitePath(value) ? value : fallback;
}

export const loginHref = (pathWithSearch: string) =>
  `/login?${new URLSearchParams({ redirectTo: pathWithSearch })}`;
