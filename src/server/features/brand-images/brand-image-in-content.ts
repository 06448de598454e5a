import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/database.ts';
import { contentDraft, contentVersion } from '../../db/schema/index.ts';

/**
 * Whether a draft or any kept version names the brand image: what an editor's preview and a
 * restore may show. One scan of two small tables, for editors only.
 */
export async function brandImageInContent(db: Db, key: string): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found where exists (select 1 from ${contentDraft} where position(${key} in body::text) > 0)
        or exists (select 1 from ${contentVersion} where position(${key} in files::text) > 0)`,
  );
  return rows.length > 0;
}
