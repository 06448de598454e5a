import { batchedStatement } from '../../db/batched-lookup.ts';
import type { Database } from '../../db/database.ts';

/** A record's fields that its public page shows: their files (and thumbnails) are public. */
const PUBLIC_FIELDS = ['signature_image', 'certificate_image', 'pdf'];
/** Passport scans, public only when the operator publishes identity documents. */
const IDENTITY_DOCUMENT = 'passport_image';

/**
 * The keys of a batch (a JSON array) that a live record's public field holds: one scan of the
 * live records for the whole batch. A replaced file, a file of a record in the trash, one an
 * unfinished import staged, or one no row names is in none.
 */
const findPublicFilesSql = (fields: string[]) => `
select k.position, 'public'
  from json_array_elements_text($1::json) with ordinality as k(key, position)
 where k.key in (
   select ref.key from person p
    cross join lateral (values ${fields.map((f) => `(p.${f} ->> 'key'), (p.${f} ->> 'thumbnailKey')`).join(', ')}) as ref(key)
    where p.deleted_at is null and ref.key is not null)`;

/**
 * Whether a stored file is public. Keys are content hashes, so bytes a live record shows publicly
 * are public however else they are kept. Lookups in the same turn of the event loop share one
 * query (db/batched-lookup.ts).
 */
export function prepareIsPublicFile(
  { prepareText }: Pick<Database, 'prepareText'>,
  { identityDocumentsPublic }: { identityDocumentsPublic: boolean },
) {
  const fields = identityDocumentsPublic ? [...PUBLIC_FIELDS, IDENTITY_DOCUMENT] : PUBLIC_FIELDS;
  const name = identityDocumentsPublic ? 'find_public_files_with_identity' : 'find_public_files';
  const lookup = batchedStatement<string>(prepareText(name, findPublicFilesSql(fields)));
  return async (key: string): Promise<boolean> => (await lookup(key)) !== null;
}
