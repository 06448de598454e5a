import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { preparePgliteStatement } from '../../db/pglite-statement.ts';
import { person } from '../../db/schema/index.ts';
import type { CertificateRow } from './certificate-view.ts';

type TrainingRow = { tradeTested: string; testLevel: string; passedDate: string; testResult: string };
export type FoundCertificate = { row: CertificateRow; records: TrainingRow[] };

/**
 * On PGlite the record and its FIN's training records come back in one prepared statement, as one
 * JSON value: PGlite parses and plans every `query()` again, which made two queries cost 2.3 ms of
 * CPU per record page (bench/README.md).
 */
const RECORD_AS_JSON = `
select json_build_object(
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
             'passedDate', r.passed_date, 'testResult', r.test_result)
           order by r.passed_date desc, r.created_at desc)
      from (select trade_tested, test_level, passed_date, test_result, created_at
              from person
             where fin_number = p.fin_number and deleted_at is null
             order by passed_date desc, created_at desc
             limit 200) r), '[]'::json)
)::text
from person p
where p.id = $1 and p.deleted_at is null
limit 1`;

function prepareOnPglite(pglite: NonNullable<Database['pglite']>) {
  const run = preparePgliteStatement(pglite, 'find_certificate_json', RECORD_AS_JSON);
  return async (id: string): Promise<FoundCertificate | null> => {
    const json = (await run([id]))[0]?.[0];
    if (!json) return null;
    const found = JSON.parse(json) as {
      row: Omit<CertificateRow, 'revokedAt'> & { revokedAt: string | null };
      records: TrainingRow[];
    };
    const { revokedAt } = found.row;
    return {
      row: { ...found.row, revokedAt: revokedAt ? new Date(revokedAt) : null },
      records: found.records,
    };
  };
}

/** One live record by id, and every live record sharing its FIN (newest passed date first). */
export function prepareFindCertificate({ db, pglite }: Pick<Database, 'db' | 'pglite'>) {
  if (pglite) return prepareOnPglite(pglite);
  const byId = db
    .select()
    .from(person)
    .where(and(eq(person.id, sql.placeholder('id')), isNull(person.deletedAt)))
    .limit(1)
    .prepare('find_certificate');
  const byFin = db
    .select({
      tradeTested: person.tradeTested,
      testLevel: person.testLevel,
      passedDate: person.passedDate,
      testResult: person.testResult,
    })
    .from(person)
    .where(and(eq(person.finNumber, sql.placeholder('finNumber')), isNull(person.deletedAt)))
    .orderBy(desc(person.passedDate), desc(person.createdAt))
    .limit(200)
    .prepare('find_training_records');

  return async (id: string): Promise<FoundCertificate | null> => {
    const [row] = await byId.execute({ id });
    if (!row) return null;
    const records = await byFin.execute({ finNumber: row.finNumber });
    return { row, records };
  };
}
