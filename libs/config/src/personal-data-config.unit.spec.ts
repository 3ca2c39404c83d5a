import { EnvReader } from './env-parsers';
import { readPersonalData } from './personal-data-config';

const KEY = Buffer.alloc(32, 7).toString('base64');
const read = (env: Record<string, string>, production = false) => {
  const r = new EnvReader(env);
  return { config: readPersonalData(r, production), problems: r.problems };
};

describe('personal data configuration', () => {
  it('seals by default, with a development master key outside production', () => {
    expect(read({})).toEqual({
      config: { sealing: true, masterKey: null, previousMasterKeys: [], keyCacheTtlMs: 30_000 },
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
});
