/**
 * What an Open Badges IdentityHash of a FIN is computed over: the FIN as staff and holders type it
 * either way (trimmed, upper case), followed by the credential's salt. The server hashes it into the
 * credential; the credential checker hashes what a visitor types, in the browser, to compare.
 */
export const identityHashInput = (fin: string, salt: string) => `${fin.trim().toUpperCase()}${salt}`;

/** `sha256$<hex>`, the IdentityHash form Open Badges 3.0 defines, from the hex digest. */
export const identityHashOf = (hexDigest: string) => `sha256$${hexDigest.toLowerCase()}`;
