/**
 * The database's own error inside `error`: pg and PGlite throw one with an SQLSTATE `code`, which
 * Drizzle wraps in `cause` (its own message quotes the query and its parameters, rows included).
 * SQLSTATEs always hold a digit, which tells them from Node's error codes such as EPIPE.
 */
export function databaseErrorOf(error: unknown): (Error & { code: string }) | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(?=.*\d)[0-9A-Z]{5}$/.test(code)) return e as Error & { code: string };
  }
  return undefined;
}

/** A unique index refused the row: two requests raced to the same key. */
export const isUniqueViolation = (error: unknown) => databaseErrorOf(error)?.code === '23505';
