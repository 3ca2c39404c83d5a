import type { Pool } from 'pg';

/** A PostgreSQL identifier, quoted (the schema comes from configuration, which checks it is a plain name). */
export const quoteIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * Creates the schema and the `data_keys` table when missing, under an advisory lock so processes starting at
 * once do not race on the catalog. Scopes sort bytewise (COLLATE "C"), so a prefix is a range of the primary
 * key whatever the database's locale. Autovacuum is told to visit the table after a few dead rows, a second
 * line behind the vacuum the store runs after its own deletes.
 */
export async function createDataKeysTable(pool: Pool, schema: string): Promise<void> {
  const table = `${quoteIdentifier(schema)}.data_keys`;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`data_keys:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${table} (
      scope text COLLATE "C" PRIMARY KEY,
      key_id text NOT NULL UNIQUE,
      master_key_id text NOT NULL,
      wrapped text NOT NULL
    ) WITH (autovacuum_vacuum_threshold = 10, autovacuum_vacuum_scale_factor = 0)`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
