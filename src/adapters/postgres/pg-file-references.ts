import type pg from 'pg';

/**
 * Every file-store id a row of the database points to, so that files no row names (a portal
 * killed between storing a file and committing its row) can be told apart (docs/RELIABILITY.md).
 *
 * The columns are found by name in the catalogue rather than listed here, so that a table added
 * later is covered when it follows the naming the schema uses: a text column `file_id` or
 * `*_file_id`, a text[] column `image_ids` or `*_file_ids`. Avatars keep their id inside the
 * avatar's URL (`/api/User/Avatar/<id>/...`).
 */
export async function referencedFileIds(pool: pg.Pool): Promise<Set<string>> {
  const { rows: columns } = await pool.query<{ table_name: string; column_name: string; data_type: string }>(
    `select table_name, column_name, data_type from information_schema.columns
      where table_schema = current_schema()
        and ((data_type = 'text' and (column_name = 'file_id' or column_name like '%\\_file\\_id'))
          or (data_type = 'ARRAY' and (column_name = 'image_ids' or column_name like '%\\_file\\_ids')))`,
  );
  const ids = new Set<string>();
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  for (const c of columns) {
    const value = c.data_type === 'ARRAY' ? `unnest(${quote(c.column_name)})` : quote(c.column_name);
    const { rows } = await pool.query<{ id: string | null }>(`select distinct ${value} as id from ${quote(c.table_name)}`);
    for (const r of rows) if (r.id) ids.add(r.id);
  }
  const avatars = await pool.query<{ id: string }>(
    `select substring(avatar_url from '/api/User/Avatar/([0-9a-f]{32})/') as id from users where avatar_url like '/api/User/Avatar/%'`,
  );
  for (const r of avatars.rows) if (r.id) ids.add(r.id);
  return ids;
}
