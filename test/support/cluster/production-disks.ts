// Where the production topology's servers keep their bytes (Kafka's log directories, the PostgreSQL that FerretDB
// writes to, each server's own log), asked of the running servers, and the operator's reclaim step on PostgreSQL.
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What a scan of the servers covers, by name: a directory or a file each. */
export type ServerPlaces = Record<string, string>;

/** psql: $PSQL, else the newest of Debian's versioned installs (kept off PATH), else psql on PATH. */
export function psqlBinary(): string {
  if (process.env.PSQL) return process.env.PSQL;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  const newest = versions.map((v) => path.join(root, v, 'bin', 'psql')).filter((file) => fs.existsSync(file));
  return newest.at(-1) ?? 'psql';
}

/** One value from PostgreSQL, as psql prints it unaligned. */
export async function psqlValue(postgresUrl: string, sql: string): Promise<string> {
  const { stdout } = await run(psqlBinary(), [postgresUrl, '-v', 'ON_ERROR_STOP=1', '-qAt', '-c', sql]);
  return stdout.trim();
}

/** The command line of every running process whose arguments include `marker` (Linux /proc). */
function commandLines(marker: string): string[][] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
        return args.includes(marker) || args.some((arg) => arg.startsWith(marker)) ? [args] : [];
      } catch {
        return []; // a process that ended while listing
      }
    });
}

/**
 * The broker's log directories (`log.dirs` of the server.properties it was started with) and its log, from the
 * running broker's command line (scripts/integration-services.sh starts `kafka.Kafka <server.properties>`);
 * KAFKA_LOG_DIRS (comma-separated) names them for a broker started otherwise.
 */
function kafkaPlaces(): ServerPlaces {
  if (process.env.KAFKA_LOG_DIRS)
    return Object.fromEntries(process.env.KAFKA_LOG_DIRS.split(',').map((dir, i) => [`kafka log dir ${i}`, dir]));
  const [args] = commandLines('kafka.Kafka');
  if (!args) throw new Error('no running kafka.Kafka process: set KAFKA_LOG_DIRS');
  const properties = args[args.indexOf('kafka.Kafka') + 1];
  const line = fs
    .readFileSync(properties, 'utf8')
    .split('\n')
    .find((l) => /^log\.dirs?=/.test(l));
  if (!line) throw new Error(`${properties} names no log.dirs`);
  const dirs = line.slice(line.indexOf('=') + 1).split(',');
  return {
    ...Object.fromEntries(dirs.map((dir, i) => [`kafka log dir ${i}`, dir.trim()])),
    'kafka server log': path.join(path.dirname(properties), 'server.log'),
  };
}

/** FerretDB's state directory and log, from its command line (`--state-dir`), when it runs on this machine. */
function ferretPlaces(): ServerPlaces {
  const [args] = commandLines('--state-dir=');
  const state = args?.find((arg) => arg.startsWith('--state-dir='))?.slice('--state-dir='.length);
  return state ? { 'ferretdb state': state, 'ferretdb log': path.join(path.dirname(state), 'server.log') } : {};
}

/** Everything the production topology's servers wrote on this machine, asked of the running servers. */
export async function serverPlaces(postgresUrl: string): Promise<ServerPlaces> {
  const data = await psqlValue(postgresUrl, 'SHOW data_directory');
  return {
    'postgresql data': data,
    // scripts/integration/postgres.sh starts it with `pg_ctl -l <cluster folder>/server.log`.
    'postgresql log': path.join(path.dirname(data), 'server.log'),
    ...kafkaPlaces(),
    ...ferretPlaces(),
  };
}

/**
 * The operator's step after erasures on FerretDB/PostgreSQL, exactly as docs/production.md says to run it:
 * scripts/postgres-reclaim-erased.sh for the service's schemas (FerretDB's database, the data keys' schema).
 * Answers what the script printed.
 */
export async function reclaimErasedOnPostgres(postgresUrl: string, schemas: string[]): Promise<string> {
  const script = path.join(__dirname, '../../../scripts/postgres-reclaim-erased.sh');
  const { stdout } = await run('bash', [script, ...schemas], {
    env: { ...process.env, POSTGRES_URL: postgresUrl, PSQL: psqlBinary() },
  });
  return stdout.trim();
}

/**
 * Names the relation a file under PostgreSQL's data directory belongs to (`base/<db>/<filenode>[.n|_fsm|_vm]`),
 * as `schema.table`, an index or a TOAST table with its table's name: a scan's hit then says which collection
 * (FerretDB names a collection's table after it) still holds a needle. Other files keep their path.
 */
export async function postgresFileNamer(postgresUrl: string): Promise<(file: string) => string> {
  const database = await psqlValue(postgresUrl, 'SELECT oid FROM pg_database WHERE datname = current_database()');
  const rows = await psqlValue(
    postgresUrl,
    `SELECT pg_relation_filenode(c.oid) || '|' || n.nspname || '.' || c.relname || COALESCE(' (TOAST of ' || t.relname || ')', '')
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_class t ON t.reltoastrelid = c.oid
      WHERE pg_relation_filenode(c.oid) IS NOT NULL`,
  );
  const names = new Map(rows.split('\n').map((row) => row.split('|') as [string, string]));
  return (file) => {
    const match = /^base\/(\d+)\/(\d+)/.exec(file);
    const name = match && match[1] === database ? names.get(match[2]) : undefined;
    return name ? `${file} = ${name}` : file;
  };
}
