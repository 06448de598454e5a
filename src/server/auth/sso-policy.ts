import type { Role } from './create-auth.ts';

/** Better Auth's id for the organisation's provider: its callback is /api/auth/callback/oidc. */
export const SSO_PROVIDER_ID = 'oidc';

/** Whether the address is at one of the domains, exactly: a subdomain is a domain of its own. */
export function emailDomainAllowed(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf('@');
  return at > 0 && domains.includes(email.slice(at + 1).toLowerCase());
}

/**
 * Administrator when the claim holds the admin value (a text equal to it, or a list of texts with
 * it); else editor when it holds the editor value, if one is set; staff otherwise, and for a claim
 * of any other shape (a number, a list of lists), whose text could equal a value by accident. A
 * claim is looked up by its full name first ("https://contoso.com/roles"), then as a dotted path
 * ("realm_access.roles"), as providers nest them either way.
 */
export function roleFromClaims(
  profile: Record<string, unknown>,
  claim: string,
  { admin, editor }: { admin: string; editor?: string },
): Role {
  const found = Object.hasOwn(profile, claim) ? profile[claim] : readPath(profile, claim.split('.'));
  const values = typeof found === 'string' ? [found] : isListOfTexts(found) ? found : [];
  if (values.includes(admin)) return 'admin';
  return editor !== undefined && values.includes(editor) ? 'editor' : 'staff';
}

const isListOfTexts = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'string');

function readPath(value: unknown, path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
