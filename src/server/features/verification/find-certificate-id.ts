import { batchedStatement } from '../../db/batched-lookup.ts';
import type { Database } from '../../db/database.ts';

interface Pair {
  fin: string;
  serial: string;
}

/** The live records of a batch of (FIN, serial) pairs, given as a JSON array of `{ fin, serial }`. */
const FIND_CERTIFICATE_IDS = `
select k.position, p.id::text
  from json_array_elements($1::json) with ordinality as k(pair, position)
  join person p on p.fin_number = k.pair->>'fin' and p.e_cert_number = k.pair->>'serial'
   and p.deleted_at is null`;

/**
 * The verification lookup: exact, case-sensitive matches on the unique (FIN, serial) index among
 * live records. Lookups arriving in the same turn of the event loop go to the database as one
 * query (db/batched-lookup.ts): under load, one round trip and one execution answer many requests
 * (at 50 connections, 0.44 → 1.09 × the constant route, bench/README.md). The statement is
 * prepared once, so each batch only binds and executes.
 */
export function prepareFindCertificateId({ prepareText }: Pick<Database, 'prepareText'>) {
  const lookup = batchedStatement<Pair>(prepareText('find_certificate_ids', FIND_CERTIFICATE_IDS));
  return (fin: string, serial: string): Promise<string | null> => lookup({ fin, serial });
}
