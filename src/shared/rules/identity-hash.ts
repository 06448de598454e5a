/** A FIN as staff and holders type it either way: trimmed, upper case. */
export const normalisedFin = (fin: string) => fin.trim().toUpperCase();

/**
 * What the IdentityHash of a FIN was computed over in credentials issued before the FIN was left out
 * of them: the normalised FIN followed by the credential's salt.
 */
export const identityHashInput = (fin: string, salt: string) => `${normalisedFin(fin)}${salt}`;

/** `sha256$<hex>`, the IdentityHash form Open Badges 3.0 defines, from the hex digest. */
export const identityHashOf = (hexDigest: string) => `sha256$${hexDigest.toLowerCase()}`;

/** The salted FIN hash of a credential issued before the FIN was left out. */
export interface SaltedFin {
  identityHash: string;
  salt: string;
}

/** The salted FIN hash a credential holds, if it is one of the older ones. */
export function saltedFinOf(credential: unknown): SaltedFin | undefined {
  const identifiers = (credential as { credentialSubject?: { identifier?: unknown } } | null)
    ?.credentialSubject?.identifier;
  if (!Array.isArray(identifiers)) return undefined;
  const found = identifiers.find(
    (entry) => entry?.identityType === 'nationalIdentityNumber' && entry.hashed === true,
  ) as Partial<SaltedFin> | undefined;
  return typeof found?.identityHash === 'string' && typeof found.salt === 'string'
    ? { identityHash: found.identityHash, salt: found.salt }
    : undefined;
}

/** Whether `fin` is the FIN an older credential hashed, worked out where this runs: the FIN goes nowhere. */
export async function saltedFinMatches(fin: string, { identityHash, salt }: SaltedFin): Promise<boolean> {
  const input = new TextEncoder().encode(identityHashInput(fin, salt));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', input));
  const hex = [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return identityHashOf(hex) === identityHash.toLowerCase();
}
