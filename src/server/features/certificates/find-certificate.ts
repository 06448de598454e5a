import { batchedStatement } from '../../db/batched-lookup.ts';
import type { Database } from '../../db/database.ts';
import type { CertificateRow } from './certificate-view.ts';

type TrainingRow = {
  tradeTested: string;
  testLevel: string;
  passedDate: string;
  testResult: string;
  revokedAt: string | null;
  /** The record the page is about, among those sharing its FIN. */
  current: boolean;
};
export type FoundCertificate = { row: CertificateRow; records: TrainingRow[] };

/**
 * The live records of a batch of ids (a JSON array), each with its FIN's training records, as one
 * JSON value a record: one statement answers a whole batch, where a record page took two queries.
 */
const FIND_CERTIFICATES = `
select k.position, json_build_object(
  'row', json_build_object(
    'id', p.id, 'name', p.name, 'dob', p.dob, 'gender', p.gender, 'nationality', p.nationality,
    'passportNumber', p.passport_number, 'finNumber', p.fin_number, 'eCertNumber', p.e_cert_number,
    'tradeTested', p.trade_tested, 'testLevel', p.test_level, 'testResult', p.test_result,
    'passedDate', p.passed_date,
    'signatureImage', p.signature_image, 'passportImage', p.passport_image,
    'certificateImage', p.certificate_image, 'pdf', p.pdf,
    'revokedAt', p.revoked_at, 'revocationReason', p.revocation_reason),
  'records', coalesce((
    select json_agg(json_build_object(
             'tradeTested', r.trade_tested, 'testLevel', r.test_level,
             'passedDate', r.passed_date, 'testResult', r.test_result, 'revokedAt', r.revoked_at,
             'current', r.id = p.id)
           order by r.passed_date desc, r.created_at desc)
      from (select id, trade_tested, test_level, passed_date, test_result, revoked_at, created_at
              from person
             where fin_number = p.fin_number and deleted_at is null
             order by passed_date desc, created_at desc
             limit 200) r), '[]'::json)
)::text
from json_array_elements_text($1::json) with ordinality as k(id, position)
join person p on p.id = k.id::uuid and p.deleted_at is null`;

type FoundJson = {
  row: Omit<CertificateRow, 'revokedAt'> & { revokedAt: string | null };
  records: TrainingRow[];
};

/**
 * One live record by id (a well-formed UUID), and every live record sharing its FIN, newest passed
 * date first. Lookups arriving in the same turn of the event loop share one query (db/batched-lookup.ts).
 */
export function prepareFindCertificate(database: Pick<Database, 'prepareText'>) {
  let find = finders.get(database);
  if (!find) {
    find = findCertificateOn(database);
    finders.set(database, find);
  }
  return find;
}

/** One finder per database: a statement name can be prepared only once on a connection. */
const finders = new WeakMap<object, ReturnType<typeof findCertificateOn>>();

function findCertificateOn({ prepareText }: Pick<Database, 'prepareText'>) {
  const lookup = batchedStatement<string>(prepareText('find_certificates', FIND_CERTIFICATES));
  return async (id: string): Promise<FoundCertificate | null> => {
    const json = await lookup(id);
    if (!json) return null;
    const { row, records } = JSON.parse(json) as FoundJson;
    return { row: { ...row, revokedAt: row.revokedAt ? new Date(row.revokedAt) : null }, records };
  };
}
