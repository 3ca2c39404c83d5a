import { randomUUID } from 'node:crypto';

export type ServerVariable =
  | 'KAFKA_BROKERS'
  | 'MONGO_URL'
  | 'POSTGRES_URL'
  | 'EVENTSTORE_URL'
  | 'POSTGRES_URL'
  | 'POSTFIX_SMTP_HOST'
  | 'POSTFIX_SMTP_PORT'
  | 'POSTFIX_DOMAIN'
  | 'POSTFIX_MAILLOG'
  | 'POSTFIX_FINDER_SUFFIX'
  | 'POSTFIX_BLOCKED_SOURCE'
  | 'POSTFIX_CLEAN_SOURCE'
  | 'STRIPE_MOCK_URL'
  | 'DANTE_OPEN_URL'
  | 'DANTE_OPEN_SOURCE'
  | 'DANTE_AUTH_URL'
  | 'DANTE_AUTH_SOURCE'
  | 'DANTE_NO25_URL'
  | 'DANTE_NO25_SOURCE'
  | 'DANTE_PID_OPEN';

const HOW_TO =
  'run `scripts/integration-services.sh up && . .integration/env` (Kafka, FerretDB and its PostgreSQL, Postfix, stripe-mock, dante), or point the variable at a server';

/**
 * Registers `body` under `title` when every variable names a server. Otherwise the same tests are
 * registered under describe.skip with the reason in the suite name and a banner on stderr, so
 * jest reports each of them as skipped by name instead of the suite silently passing.
 */
export function describeWithServers(
  variables: ServerVariable[],
  title: string,
  body: (env: Record<ServerVariable, string>) => void,
): void {
  const missing = variables.filter((name) => !process.env[name]);
  const env = Object.fromEntries(variables.map((name) => [name, process.env[name] ?? ''])) as Record<
    ServerVariable,
    string
  >;
  if (missing.length === 0) {
    describe(title, () => body(env));
    return;
  }
  const reason = `${missing.join(' and ')} not set`;
  // Straight to stderr: jest drops console output of a file whose tests were all skipped.
  process.stderr.write(`\n*** SKIPPED integration suite "${title}": ${reason}; ${HOW_TO} ***\n\n`);
  describe.skip(`${title} [SKIPPED: ${reason}]`, () => body(env));
}

/** A database name unique to this test file's run, so reruns and parallel developers do not collide. */
export const uniqueDbName = (prefix: string): string => `${prefix}_${randomUUID().slice(0, 8)}`;

export const brokersOf = (value: string): string[] =>
  value
    .split(',')
    .map((broker) => broker.trim())
    .filter(Boolean);
