import type { PGlite } from '@electric-sql/pglite';

const encoder = new TextEncoder();

/** One frontend message of the PostgreSQL wire protocol: type byte, Int32 length, body. */
function message(type: string, parts: Uint8Array[]): Uint8Array {
  const length = 4 + parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(1 + length);
  const view = new DataView(out.buffer);
  out[0] = type.charCodeAt(0);
  view.setInt32(1, length);
  let offset = 5;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const cString = (text: string) => encoder.encode(`${text}\0`);
const int16 = (value: number) => new Uint8Array([(value >> 8) & 0xff, value & 0xff]);
const int32 = (value: number) => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setInt32(0, value);
  return out;
};
const concat = (messages: Uint8Array[]) => {
  const out = new Uint8Array(messages.reduce((sum, m) => sum + m.length, 0));
  let offset = 0;
  for (const m of messages) {
    out.set(m, offset);
    offset += m.length;
  }
  return out;
};

// https://www.postgresql.org/docs/current/protocol-message-formats.html
const parse = (name: string, text: string) => message('P', [cString(name), cString(text), int16(0)]);
const bind = (name: string, values: (string | null)[]) =>
  message('B', [
    cString(''), // unnamed portal
    cString(name),
    int16(0), // every parameter in text format
    int16(values.length),
    ...values.flatMap((value) => {
      if (value === null) return [int32(-1)];
      const bytes = encoder.encode(value);
      return [int32(bytes.length), bytes];
    }),
    int16(0), // every result column in text format
  ]);
const execute = message('E', [cString(''), int32(0)]);
const sync = message('S', []);

/** PGlite's two locks: transactions hold the first for their whole length, each query the second. */
export type PgliteLocks = {
  _runExclusiveTransaction: <T>(fn: () => Promise<T>) => Promise<T>;
};

/**
 * A named prepared statement on PGlite, for the hottest lookups. PGlite's `query()` (and so
 * Drizzle's `.prepare()`, which on PGlite only keeps the SQL text) parses, describes and plans the
 * statement on every call, in five calls into the WASM backend; here it is parsed once, and each
 * call sends Bind + Execute + Sync together, so the backend reuses the plan. Values and results
 * travel as text.
 *
 * Like `query()`, a call waits for any open transaction to end and for the running query, so its
 * messages never land inside another request's transaction. The public `runExclusive` takes only
 * the query lock, so the transaction lock is taken through the same internal method `query()` uses
 * (docs/decisions/0008; pglite-statement.test.ts fails if an upgrade of PGlite removes it).
 */
export function preparePgliteStatement(client: PGlite, name: string, text: string) {
  const locks = client as unknown as PgliteLocks;
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> =>
    locks._runExclusiveTransaction(() => client.runExclusive(fn));
  let prepared: Promise<unknown> | null = null;
  const run = (bytes: Uint8Array) => exclusive(() => client.execProtocol(bytes, { syncToFs: false }));

  return async (values: (string | null)[]): Promise<(string | null)[][]> => {
    prepared ??= run(concat([parse(name, text), sync])).catch((error: unknown) => {
      prepared = null;
      throw error;
    });
    await prepared;
    const { messages } = await run(concat([bind(name, values), execute, sync]));
    return messages.flatMap((m) =>
      m.name === 'dataRow' ? [(m as unknown as { fields: (string | null)[] }).fields] : [],
    );
  };
}
