// Node socket errors and PostgreSQL SQLSTATEs that mean "the database is not reachable now",
// as opposed to a bad query: class 08 is connection_exception, 57P01–57P03 are shutdown and
// "cannot connect now" (https://www.postgresql.org/docs/current/errcodes-appendix.html).
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const unavailableSqlStates = /^(08...|57P0[123])$/;

// node-postgres reports a lost or never-made connection with plain messages and no code.
const poolMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Client was closed',
  'Cannot use a pool after calling end',
  'PGlite is closed',
];

/**
 * True when `error` (or an error it wraps, as Drizzle's query errors do) says the database could
 * not be reached. Such a request answers 503 and the next one tries again: the pool reconnects.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = String((current as { code?: unknown }).code ?? '');
    if (socketCodes.has(code) || unavailableSqlStates.test(code)) return true;
    if (poolMessages.some((text) => current instanceof Error && current.message.includes(text))) return true;
    current = current.cause;
  }
  return false;
}
