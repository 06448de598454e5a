import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database.ts';

/** Kept by triggers on `person` from the rows a restore inserts: copying them would count them twice. */
const DERIVED_TABLES = new Set(['person_live_count', 'person_day_tally']);

/**
 * Sessions, reset links and other one-time tokens (Better Auth's `verification`), and wallet claims
 * under way: a key to an account or a record, not data. Never copied; a restore empties them, so
 * no session or link of either installation works after it. Nor the search's ranges: each names
 * an index of the installation it was built on, which a restore does not have; emptied, the
 * search reads its one index until the portal splits the restored people again.
 */
export const NOT_CARRIED = ['session', 'verification', 'wallet_exchange', 'person_search_range'];

/** Made by every start on an empty database, so it does not make an installation "non-empty". */
export const MADE_AT_START = new Set(['issuer_key']);

export interface TableShape {
  name: string;
  /** The columns a restore writes: generated columns are left to the database to compute. */
  columns: string[];
}

/**
 * The portal's tables in an order where each comes after the tables its foreign keys point to,
 * read from the database itself so a new migration's table is backed up without a list to update.
 */
export async function backupTables(db: Db): Promise<TableShape[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select relname as name from pg_class
        where relkind = 'r' and relnamespace = 'public'::regnamespace order by relname`,
  );
  const links = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        where k.contype = 'f' and k.connamespace = 'public'::regnamespace`,
  );
  const columns = await queryRows<{ table: string; column: string }>(
    db,
    sql`select table_name as table, column_name as column from information_schema.columns
        where table_schema = 'public' and is_generated = 'NEVER' order by table_name, ordinal_position`,
  );
  const names = tables
    .map((table) => table.name)
    .filter((name) => !DERIVED_TABLES.has(name) && !NOT_CARRIED.includes(name));
  return inDependencyOrder(names, links).map((name) => ({
    name,
    columns: columns.filter((column) => column.table === name).map((column) => column.column),
  }));
}

function inDependencyOrder(names: string[], links: { child: string; parent: string }[]): string[] {
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const link of links) if (link.child === name && link.parent !== name) visit(link.parent, path);
    ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  return ordered.filter((name) => names.includes(name));
}

/** Sequences not owned by a column (the status list's slot counter): their position travels too. */
export async function sequencePositions(db: Db): Promise<Record<string, string>> {
  const rows = await queryRows<{ name: string; position: string | null }>(
    db,
    sql`select sequencename as name, last_value::text as position from pg_sequences
        where schemaname = 'public' order by sequencename`,
  );
  return Object.fromEntries(rows.flatMap((row) => (row.position === null ? [] : [[row.name, row.position]])));
}

/** Which migrations built the schema: a backup restores only into the same schema. */
export async function schemaVersion(db: Db): Promise<{ migrations: number; latest: string }> {
  const [row] = await queryRows<{ migrations: number; latest: string | null }>(
    db,
    sql`select count(*)::int as migrations, max(created_at)::text as latest from drizzle.__drizzle_migrations`,
  );
  return { migrations: row?.migrations ?? 0, latest: row?.latest ?? '' };
}
