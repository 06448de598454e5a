import { setImmediate as turn } from 'node:timers/promises';
import type { Database } from '../../db/database.ts';

export interface ListRecord {
  id: string;
  name: string;
  tradeTested: string;
  testLevel: string;
  passedDate: string;
  testResult: string;
  revokedAt: string | null;
}

/** Pairs looked up per statement: a few milliseconds of the database and the loop at a time. */
const LOOKUP_CHUNK = 100;

/**
 * The live records of a chunk of (FIN, serial) pairs in one statement, on the unique index the
 * public verification uses: exact, case-sensitive matches.
 */
const FIND_LIST_RECORDS = `
select k.position, json_build_object(
  'id', p.id, 'name', p.name, 'tradeTested', p.trade_tested, 'testLevel', p.test_level,
  'passedDate', p.passed_date, 'testResult', p.test_result, 'revokedAt', p.revoked_at)::text
  from json_array_elements($1::json) with ordinality as k(pair, position)
  join person p on p.fin_number = k.pair->>'fin' and p.e_cert_number = k.pair->>'serial'
   and p.deleted_at is null`;

export function prepareFindListRecords({ prepareText }: Pick<Database, 'prepareText'>) {
  const statement = prepareText('find_list_records', FIND_LIST_RECORDS);
  /**
   * The record of each pair that has one, by its index in `pairs`. Chunk by chunk, letting the loop
   * turn and the connection go between them, so a verification arriving meanwhile waits for one
   * chunk at most, never for the whole list.
   */
  return async (pairs: { fin: string; serial: string }[]): Promise<Map<number, ListRecord>> => {
    const found = new Map<number, ListRecord>();
    for (let start = 0; start < pairs.length; start += LOOKUP_CHUNK) {
      if (start > 0) await turn();
      const rows = await statement([JSON.stringify(pairs.slice(start, start + LOOKUP_CHUNK))]);
      for (const [position, json] of rows) {
        found.set(start + Number(position) - 1, JSON.parse(json ?? '{}') as ListRecord);
      }
    }
    return found;
  };
}
