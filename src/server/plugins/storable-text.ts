import fp from 'fastify-plugin';
import { invalidInput } from '../errors.ts';

const NUL = '\u0000';
// Half of a UTF-16 surrogate pair with its other half missing: no UTF-8 encoding exists for it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const unstorableTextMessage =
  'This contains an invisible or broken character that cannot be saved. Please type it again.';

/** False for text PostgreSQL cannot store: a NUL, or a lone surrogate (it has no UTF-8 form). */
export const isStorableText = (text: string) => !text.includes(NUL) && !LONE_SURROGATE.test(text);

/**
 * Where the first string (or key) that is not storable sits in a parsed value, as `a.b.0`, or null.
 * Walked with an explicit stack: a JSON body may nest deeper than the call stack goes.
 */
function findUnstorableText(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path;
      continue;
    }
    // Bytes (a binary body) are not text, and a megabyte of them would take a second to walk.
    if (current === null || typeof current !== 'object' || ArrayBuffer.isView(current)) continue;
    for (const [key, inner] of Object.entries(current)) {
      const at = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) return at;
      pending.push([inner, at]);
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000, nor a lone surrogate: either one reaching a query fails it with
 * a 500. No field of ours needs them, so every request carrying one is refused at the edge with a
 * 400 naming the field, whichever route (ours or Better Auth's) it was going to. Multipart forms are
 * read by their routes and checked there (read-multipart-form.ts).
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      for (const value of [request.params, request.query, request.body]) {
        const field = findUnstorableText(value);
        if (field !== null) {
          throw invalidInput(unstorableTextMessage, { [field || 'body']: unstorableTextMessage });
        }
      }
    });
  },
  { name: 'storable-text' },
);
