import fp from 'fastify-plugin';
import { invalidInput } from '../errors.ts';

const NUL = '\u0000';
export const nulMessage = 'This contains a character that is not allowed (NUL).';

/**
 * Where the first string (or key) holding U+0000 sits in a parsed value, as `a.b.0`, or null.
 * Walked with an explicit stack: a JSON body may nest deeper than the call stack goes.
 */
export function findNul(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    for (const [key, inner] of Object.entries(current)) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes(NUL)) return at;
      pending.push([inner, at]);
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL that reached a query would fail it with a 500. No
 * field of ours needs one, so every request is refused at the edge with a 400 naming the field,
 * whichever route (ours or Better Auth's) it was going to. Multipart forms are read by their
 * routes and checked there (read-multipart-form.ts).
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      for (const value of [request.params, request.query, request.body]) {
        const field = findNul(value);
        if (field !== null) throw invalidInput(nulMessage, { [field || 'body']: nulMessage });
      }
    });
  },
  { name: 'no-nul-input' },
);
