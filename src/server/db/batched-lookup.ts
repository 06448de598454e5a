import type { TextStatement } from './database.ts';

/** The most keys one call of `lookupMany` is given. */
const MAX_BATCH = 100;

interface Waiting<Key, Value> {
  key: Key;
  resolve: (value: Value) => void;
  reject: (error: unknown) => void;
}

/**
 * One key at a time for the caller, many at a time for `lookupMany`: keys asked for in the same
 * turn of the event loop (the requests read from the network together) are looked up together once
 * that turn's I/O is done, up to MAX_BATCH a call. A lone request waits for nothing but the end of
 * its turn; under load, one call answers many. `lookupMany` answers in the order of its keys. If it
 * fails, every caller of that batch gets its error.
 */
export function batchedLookup<Key, Value>(lookupMany: (keys: Key[]) => Promise<Value[]>) {
  const waiting: Waiting<Key, Value>[] = [];

  const dispatch = () => {
    const batch = waiting.splice(0, MAX_BATCH);
    if (waiting.length > 0) setImmediate(dispatch);
    lookupMany(batch.map((entry) => entry.key)).then(
      (values) => {
        for (const [index, entry] of batch.entries()) entry.resolve(values[index] as Value);
      },
      (error: unknown) => {
        for (const entry of batch) entry.reject(error);
      },
    );
  };

  return (key: Key) =>
    new Promise<Value>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (waiting.length === 1) setImmediate(dispatch);
    });
}

/**
 * A batched lookup through one prepared statement that takes the whole batch as its one
 * parameter, a JSON array of the keys, and answers with rows of (the key's position in that array,
 * counted from 1, and its value): `json_array_elements(...) with ordinality`. A key without a row
 * gets null.
 */
export function batchedStatement<Key>(statement: TextStatement) {
  return batchedLookup(async (keys: Key[]) => {
    const values: (string | null)[] = keys.map(() => null);
    for (const [position, value] of await statement([JSON.stringify(keys)])) {
      values[Number(position) - 1] = value ?? null;
    }
    return values;
  });
}
