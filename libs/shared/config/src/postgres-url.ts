/**
 * Why a PostgreSQL connection string (`postgres://user:password@host:5432/database?sslmode=require`) cannot be
 * used, or null. `name` is the variable it came from; the value is never echoed back (it may hold a password).
 */
export function postgresUrlProblem(name: string, raw: string): string | null {
  if (!/^postgres(ql)?:\/\//.test(raw)) return `${name} must start with postgres:// or postgresql://`;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return `${name} is not a valid PostgreSQL connection string`;
  }
  if (parsed.hostname === '') return `${name} must name a host (postgres://user@host:5432/database)`;
  if (parsed.pathname.length <= 1) return `${name} must name a database (postgres://user@host:5432/database)`;
  return null;
}

/** A plain PostgreSQL name (a schema): lower case letters, digits and `_`, not starting with a digit. */
export const isPlainPostgresName = (name: string): boolean => /^[a-z_][a-z0-9_]{0,62}$/.test(name);
