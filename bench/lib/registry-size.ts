import pg from 'pg';

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * The database's size on disk: each table with its indexes and TOAST, and each index apart, in MB
 * and in MB per million person records, so sizes at 1M and 10M compare line by line.
 */
export async function measureSizes(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [{ people } = { people: 0 }] = (
      await client.query<{ people: number }>('select count(*)::int as people from person')
    ).rows;
    const millions = people / 1_000_000;
    const perMillion = (bytes: number) =>
      millions > 0 ? Math.round((mb(bytes) / millions) * 10) / 10 : null;
    const tables = (
      await client.query<{ name: string; total: string; heap: string; indexes: string }>(
        `select c.relname as name, pg_total_relation_size(c.oid) as total, pg_table_size(c.oid) as heap,
                pg_indexes_size(c.oid) as indexes
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' and pg_total_relation_size(c.oid) > 1048576
          order by pg_total_relation_size(c.oid) desc`,
      )
    ).rows.map((row) => ({
      name: row.name,
      totalMb: mb(Number(row.total)),
      tableMb: mb(Number(row.heap)),
      indexesMb: mb(Number(row.indexes)),
      totalMbPerMillion: perMillion(Number(row.total)),
    }));
    const indexes = (
      await client.query<{ name: string; table: string; size: string }>(
        `select i.relname as name, t.relname as table, pg_relation_size(i.oid) as size
           from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
           join pg_namespace n on n.oid = t.relnamespace
          where n.nspname = 'public' and pg_relation_size(i.oid) > 1048576
          order by pg_relation_size(i.oid) desc`,
      )
    ).rows.map((row) => ({
      name: row.name,
      table: row.table,
      mb: mb(Number(row.size)),
      mbPerMillion: perMillion(Number(row.size)),
    }));
    const [{ size } = { size: '0' }] = (
      await client.query<{ size: string }>('select pg_database_size(current_database()) as size')
    ).rows;
    return {
      people,
      databaseMb: mb(Number(size)),
      databaseMbPerMillion: perMillion(Number(size)),
      tables,
      indexes,
    };
  } finally {
    await client.end();
  }
}
