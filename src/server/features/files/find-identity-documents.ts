import { batchedStatement } from '../../db/batched-lookup.ts';
import type { Database } from '../../db/database.ts';

/**
 * The keys of a batch (a JSON array) that are a person's passport scan or its thumbnail, the person
 * live or in the trash, each found on its hash index (person_passport_key_idx and the thumbnail's).
 */
const FIND_IDENTITY_DOCUMENTS = `
select k.position, 'identity document'
  from json_array_elements_text($1::json) with ordinality as k(key, position)
 where exists (select 1 from person p where p.passport_image ->> 'key' = k.key)
    or exists (select 1 from person p where p.passport_image ->> 'thumbnailKey' = k.key)`;

/**
 * Whether a stored file is an identity document. Keys are content hashes, so the same bytes kept
 * as a passport scan and as anything else are one file, and that file counts as a passport scan.
 * Lookups in the same turn of the event loop share one query (db/batched-lookup.ts).
 */
export function prepareIsIdentityDocument({ prepareText }: Pick<Database, 'prepareText'>) {
  const lookup = batchedStatement<string>(prepareText('find_identity_documents', FIND_IDENTITY_DOCUMENTS));
  return async (key: string): Promise<boolean> => (await lookup(key)) !== null;
}
