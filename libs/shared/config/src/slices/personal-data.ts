import { EnvReader } from '../env-parsers';
import { isPlainPostgresName, postgresUrlProblem } from '../postgres-url';

/**
 * Crypto-shredding of personal data (docs/personal-data.md). `masterKey` and `previousMasterKeys` are base64
 * of 32 random bytes: the current key wraps every data key, the previous ones still unwrap keys wrapped
 * before a rotation until `npm run admin -- rewrap-data-keys` moves them. Without DATA_MASTER_KEY (never in
 * production) a development key is kept beside the data keys, which protects nothing.
 */
export interface PersonalDataConfig {
  sealing: boolean;
  masterKey: string | null;
  previousMasterKeys: string[];
  /**
   * How long a process keeps a data key it looked up (DATA_KEY_CACHE_SECONDS, default 30): an erasure
   * elsewhere is in force here at most this much later, and an erasure reports done only after it.
   */
  keyCacheTtlMs: number;
  /**
   * Where the data keys live when not beside the read store (DATA_KEYS_POSTGRES_URL, and the schema of their
   * table, DATA_KEYS_POSTGRES_SCHEMA, default `personal_data`): a PostgreSQL table, for a cluster whose read
   * store is FerretDB, which cannot look a key document up by `_id` without scanning them all.
   */
  keyStorePostgres: { url: string; schema: string } | null;
}

const isMasterKey = (text: string): boolean =>
  /^[A-Za-z0-9+/]{43}=$/.test(text) && Buffer.from(text, 'base64').length === 32;

export function readPersonalData(r: EnvReader, production: boolean): PersonalDataConfig {
  const sealing = r.bool('SEAL_PERSONAL_DATA', true);
  const masterKey = r.optional('DATA_MASTER_KEY');
  const previousMasterKeys = r.list('DATA_MASTER_KEYS_PREVIOUS') ?? [];
  for (const [name, key] of [
    ['DATA_MASTER_KEY', masterKey],
    ...previousMasterKeys.map((key) => ['DATA_MASTER_KEYS_PREVIOUS', key]),
  ] as const)
    if (key !== null && !isMasterKey(key))
      r.problems.push(`${name} must be base64 of 32 random bytes (openssl rand -base64 32)`);
  if (production && !sealing)
    r.problems.push(
      'SEAL_PERSONAL_DATA must not be false under NODE_ENV=production: addresses would enter the log in clear',
    );
  if (production && masterKey === null)
    r.problems.push(
      'DATA_MASTER_KEY is required under NODE_ENV=production: it wraps the keys that seal personal data (openssl rand -base64 32)',
    );
  const keyCacheTtlMs = r.int('DATA_KEY_CACHE_SECONDS', 30, 0, 3600) * 1000;
  return { sealing, masterKey, previousMasterKeys, keyCacheTtlMs, keyStorePostgres: readKeyStorePostgres(r) };
}

function readKeyStorePostgres(r: EnvReader): PersonalDataConfig['keyStorePostgres'] {
  const url = r.checked('DATA_KEYS_POSTGRES_URL', (raw) => postgresUrlProblem('DATA_KEYS_POSTGRES_URL', raw));
  const schema = r.string('DATA_KEYS_POSTGRES_SCHEMA', 'personal_data');
  if (!isPlainPostgresName(schema))
    r.problems.push(
      `DATA_KEYS_POSTGRES_SCHEMA must be a plain PostgreSQL name: a-z, 0-9 and _, not starting with a digit, at most 63 (got "${schema}")`,
    );
  return url === null ? null : { url, schema };
}
