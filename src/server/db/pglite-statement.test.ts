import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgliteLocks, preparePgliteStatement } from './pglite-statement.ts';

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create('memory://');
  await client.exec(`create table t (a text, b text);
    insert into t values ('x', 'one'), ('O''Brien', 'two'), ('Ünïcødé 名前', 'three'), (null, 'four')`);
});
afterAll(async () => {
  await client.close();
});

describe('preparePgliteStatement', () => {
  it("finds PGlite's internal transaction lock, which it was checked against in 0.5.16", () => {
    const lock = (client as unknown as Partial<PgliteLocks>)._runExclusiveTransaction;
    expect(typeof lock, 'PGlite changed its internals: read docs/decisions/0008 before upgrading').toBe(
      'function',
    );
  });

  it('binds text values as parameters, never as SQL, and returns rows as text', async () => {
    const find = preparePgliteStatement(client, 'find_b', 'select b from t where a = $1 order by b');
    expect(await find(['x'])).toEqual([['one']]);
    expect(await find(["O'Brien"])).toEqual([['two']]);
    expect(await find(['Ünïcødé 名前'])).toEqual([['three']]);
    expect(await find(["x' or '1'='1"])).toEqual([]);
  });

  it('binds null and returns null', async () => {
    const echo = preparePgliteStatement(
      client,
      'echo',
      'select $1::text as v, count(*)::text from t where a is null',
    );
    expect(await echo([null])).toEqual([[null, '1']]);
  });

  it('reports a failing call and keeps working after it', async () => {
    const divide = preparePgliteStatement(client, 'divide', 'select (10 / $1::int)::text');
    await expect(divide(['0'])).rejects.toThrow(/division by zero/);
    expect(await divide(['5'])).toEqual([['2']]);
    expect((await client.query('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('waits for an open transaction instead of running inside it', async () => {
    const find = preparePgliteStatement(client, 'find_b_again', 'select b from t where a = $1');
    let lookup: Promise<unknown> | undefined;
    await client.transaction(async (tx) => {
      await tx.query("insert into t values ('uncommitted', 'five')");
      lookup = find(['uncommitted']);
      // Were the lookup inside this transaction, it would already have answered.
      const first = await Promise.race([
        lookup,
        new Promise((resolve) => setTimeout(resolve, 200, 'waiting')),
      ]);
      expect(first).toBe('waiting');
    });
    expect(await lookup).toEqual([['five']]);
  });
});
