import { EnvReader } from '../env-parsers';
import { readPersonalData } from './personal-data';

const KEY = Buffer.alloc(32, 7).toString('base64');
const read = (env: Record<string, string>, production = false) => {
  const r = new EnvReader(env);
  return { config: readPersonalData(r, production), problems: r.problems };
};

describe('personal data configuration', () => {
  it('seals by default, with a development master key outside production', () => {
    expect(read({})).toEqual({
      config: {
        sealing: true,
        masterKey: null,
        previousMasterKeys: [],
        keyCacheTtlMs: 30_000,
        keyStorePostgres: null,
      },
      problems: [],
    });
  });

  it('takes a master key and previous ones as base64 of 32 bytes', () => {
    const previous = Buffer.alloc(32, 9).toString('base64');
    expect(read({ DATA_MASTER_KEY: KEY, DATA_MASTER_KEYS_PREVIOUS: previous }).config).toEqual({
      sealing: true,
      masterKey: KEY,
      previousMasterKeys: [previous],
      keyCacheTtlMs: 30_000,
      keyStorePostgres: null,
    });
  });

  it.each(['short', Buffer.alloc(16).toString('base64'), `${KEY}x`])('refuses a master key %j', (key) => {
    expect(read({ DATA_MASTER_KEY: key }).problems).toEqual([
      expect.stringContaining('DATA_MASTER_KEY must be base64 of 32'),
    ]);
  });

  it('requires a master key and sealing under NODE_ENV=production', () => {
    expect(read({}, true).problems).toEqual([expect.stringContaining('DATA_MASTER_KEY is required')]);
    expect(read({ DATA_MASTER_KEY: KEY, SEAL_PERSONAL_DATA: 'false' }, true).problems).toEqual([
      expect.stringContaining('SEAL_PERSONAL_DATA must not be false'),
    ]);
    expect(read({ DATA_MASTER_KEY: KEY }, true).problems).toEqual([]);
  });

  describe('a PostgreSQL data key store', () => {
    it('takes a connection string and a schema, the schema defaulting to personal_data', () => {
      const url = 'postgres://keys:p%40ss@db.internal:5432/mailcheck?sslmode=require';
      expect(read({ DATA_KEYS_POSTGRES_URL: url })).toMatchObject({
        config: { keyStorePostgres: { url, schema: 'personal_data' } },
        problems: [],
      });
      expect(
        read({ DATA_KEYS_POSTGRES_URL: 'postgresql://db/keys', DATA_KEYS_POSTGRES_SCHEMA: 'data_keys_2' }).config
          .keyStorePostgres,
      ).toEqual({ url: 'postgresql://db/keys', schema: 'data_keys_2' });
    });

    it.each([
      ['mongodb://secret@db:27017/x', 'must start with postgres:// or postgresql://'],
      ['postgres://secret@db:99999/x', 'is not a valid PostgreSQL connection string'],
      ['postgres:///keys', 'must name a host'],
      ['postgres://secret@db:5432', 'must name a database'],
      ['postgres://secret@db:5432/', 'must name a database'],
    ])('refuses the connection string %j without echoing it', (url, reason) => {
      const { problems } = read({ DATA_KEYS_POSTGRES_URL: url });
      expect(problems).toEqual([expect.stringContaining(`DATA_KEYS_POSTGRES_URL ${reason}`)]);
      expect(problems.join()).not.toContain('secret');
    });

    it.each(['Keys', '1keys', 'keys; DROP TABLE x', 'a'.repeat(64), 'data-keys'])('refuses the schema %j', (schema) => {
      expect(read({ DATA_KEYS_POSTGRES_URL: 'postgres://db/k', DATA_KEYS_POSTGRES_SCHEMA: schema }).problems).toEqual([
        expect.stringContaining('DATA_KEYS_POSTGRES_SCHEMA must be a plain PostgreSQL name'),
      ]);
    });
  });
});
