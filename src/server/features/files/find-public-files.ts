import { batchedStatement } from '../../db/batched-lookup.ts';
import type { Database } from '../../db/database.ts';
import { publicFileKeys } from '../../db/schema/person.ts';

/** Passport scans, public only when the operator publishes identity documents. */
const identityDocumentHeld = `exists (select 1 from person p where p.deleted_at is null
   and (p.passport_image ->> 'key' = k.key or p.passport_image ->> 'thumbnailKey' = k.key))`;

/**
 * The keys of a batch (a JSON array) that a live record's public field holds, each one probe of an
 * index (person_live_public_file_keys_idx, and the passport scans' hash indexes). A replaced file,
 * a file of a record in the trash, one an unfinished import staged, or one no row names is in none.
 */
const findPublicFilesSql = (identityDocumentsPublic: boolean) => `
select k.position, 'public'
  from json_array_elements_text($1::json) with ordinality as k(key, position)
 where exists (select 1 from person p where p.deleted_at is null
                  and ${publicFileKeys} @> array[k.key])
       ${identityDocumentsPublic ? `or ${identityDocumentHeld}` : ''}`;

/**
 * Whether a stored file is public. Keys are content hashes, so bytes a live record shows publicly
 * are public however else they are kept. Lookups in the same turn of the event loop share one
 * query (db/batched-lookup.ts).
 */
export function prepareIsPublicFile(
  { prepareText }: Pick<Database, 'prepareText'>,
  { identityDocumentsPublic }: { identityDocumentsPublic: boolean },
) {
  const name = identityDocumentsPublic ? 'find_public_files_with_identity' : 'find_public_files';
  const lookup = batchedStatement<string>(prepareText(name, findPublicFilesSql(identityDocumentsPublic)));
  return async (key: string): Promise<boolean> => (await lookup(key)) !== null;
}
