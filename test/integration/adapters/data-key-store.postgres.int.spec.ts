// The DataKeyStore contract against PostgreSQL (POSTGRES_URL: the server FerretDB runs on, from the script),
// in a schema of this run's own, dropped after; and what a destroyed key leaves in the table's file.
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { dataKeyStoreContract, MasterKeys, masterKeyOf, PostgresDataKeyStore } from '@lib/personal-data/testing';
import { describeWithServers, uniqueDbName } from '../../support/cluster/servers';

describeWithServers(['POSTGRES_URL'], 'PostgreSQL data key store', ({ POSTGRES_URL }) => {
  const schema = uniqueDbName('it_data_keys');
  const sql = new Client(POSTGRES_URL);

  beforeAll(() => sql.connect());
  afterAll(async () => {
    for (const name of [schema, `${schema}_scan`]) await sql.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
    await sql.end();
  });

  dataKeyStoreContract(
    'PostgresDataKeyStore',
    async (masters) => new PostgresDataKeyStore({ url: POSTGRES_URL, schema }, masters),
  );

  it('looks keys up through the indexes, which can serve each look-up', async () => {
    const store = new PostgresDataKeyStore({ url: POSTGRES_URL, schema }, new MasterKeys(masterKeyOf(randomBytes(32))));
    await store.keysFor(Array.from({ length: 200 }, (_, i) => `job:plan-${i}`));
    await store.close();
    // A table this small is cheaper to read whole; with that ruled out the planner says whether an index can serve.
    await sql.query('SET enable_seqscan = off');
    const plan = async (where: string) =>
      JSON.stringify((await sql.query(`EXPLAIN (FORMAT JSON) SELECT * FROM ${schema}.data_keys WHERE ${where}`)).rows);
    expect(await plan(`scope = ANY(ARRAY['job:plan-1', 'job:plan-2'])`)).toContain('data_keys_pkey');
    expect(await plan(`key_id = ANY(ARRAY['0011223344556677'])`)).toContain('data_keys_key_id_key');
    expect(await plan(`scope >= 'job:plan-1' AND scope < 'job:plan-1\u{10FFFF}'`)).toContain('data_keys_pkey');
  });

  it("leaves no destroyed key's wrapping among the table file's rows once the erasure answers", async () => {
    const store = new PostgresDataKeyStore(
      { url: POSTGRES_URL, schema: `${schema}_scan` },
      new MasterKeys(masterKeyOf(randomBytes(32))),
    );
    const scopes = Array.from({ length: 50 }, (_, i) => `job:scan-${i}`);
    await store.keysFor(scopes);
    const wrapped = async (scope: string) =>
      (await sql.query(`SELECT wrapped FROM ${schema}_scan.data_keys WHERE scope = $1`, [scope])).rows[0]
        .wrapped as string;
    const [gone, kept] = [await wrapped('job:scan-7'), await wrapped('job:scan-8')];
    const file = async () => {
      await sql.query('CHECKPOINT');
      const { rows } = await sql.query(
        `SELECT pg_read_binary_file(pg_relation_filepath('${schema}_scan.data_keys')) AS bytes`,
      );
      return rows[0].bytes as Buffer;
    };
    // The scan can fail: before the erasure it finds the wrapping in the file.
    expect((await file()).includes(gone)).toBe(true);
    expect(await store.destroy(['job:scan-7'])).toBe(1);
    const after = await file();
    expect(after.includes(gone)).toBe(false);
    expect(after.includes(kept)).toBe(true);
    await store.close();
  });
});
