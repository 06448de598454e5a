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

/**
 * The live records of a whole list of (FIN, serial) pairs in one statement, on the unique index
 * the public verification uses: exact, case-sensitive matches, one round trip per list.
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
  /** The record of each pair that has one, by its index in `pairs`. */
  return async (pairs: { fin: string; serial: string }[]): Promise<Map<number, ListRecord>> => {
    if (pairs.length === 0) return new Map();
    const rows = await statement([JSON.stringify(pairs)]);
    return new Map(
      rows.map(([position, json]) => [Number(position) - 1, JSON.parse(json ?? '{}') as ListRecord]),
    );
  };
}
