/**
 * MongoDB connection strings (`mongodb://[user:pw@]host1[:port1][,host2[:port2]...][/database][?options]`,
 * or `mongodb+srv://`). WHATWG URL parsing cannot read them (several `host:port` pairs are not one URL
 * authority), so the few parts configuration needs are taken here by the connection-string grammar.
 */
const SCHEME = /^mongodb(\+srv)?:\/\//;
// Characters MongoDB refuses in a database name (on any platform).
const BAD_DATABASE_CHARS = /[/\\. "$*<>:|?]/;

/** Why MONGO_URL cannot be used, or null. The value is never echoed back (it may hold a password). */
export function mongoUrlProblem(raw: string): string | null {
  if (!SCHEME.test(raw)) return 'MONGO_URL must start with mongodb:// or mongodb+srv://';
  const { hosts, database } = splitConnectionString(raw);
  if (hosts.split(',').some((host) => host === ''))
    return 'MONGO_URL must name at least one host (mongodb://host:27017/database)';
  if (database === null) return null;
  let name: string;
  try {
    name = decodeURIComponent(database);
  } catch {
    return 'MONGO_URL has a database path that is not valid percent-encoding';
  }
  if (BAD_DATABASE_CHARS.test(name) || name.includes('\0') || Buffer.byteLength(name) > 63)
    return 'MONGO_URL names a database MongoDB refuses (at most 63 bytes, none of / \\ . " $ * < > : | ? or a space)';
  return null;
}

/** The database in the connection string's path (`mongodb://host/mydb` -> `mydb`), or null when it names none. */
export function mongoUrlDatabase(raw: string): string | null {
  const { database } = splitConnectionString(raw);
  if (database === null) return null;
  try {
    return decodeURIComponent(database);
  } catch {
    return null;
  }
}

function splitConnectionString(raw: string): { hosts: string; database: string | null } {
  const rest = raw.replace(SCHEME, '').split('?')[0];
  // Credentials have '/' and '@' percent-encoded: the first '/' ends the authority, its last '@' the credentials.
  const slash = rest.indexOf('/');
  const authority = slash < 0 ? rest : rest.slice(0, slash);
  const database = slash < 0 ? '' : rest.slice(slash + 1);
  return { hosts: authority.slice(authority.lastIndexOf('@') + 1), database: database === '' ? null : database };
}
