import { EnvReader } from './env-parsers';

/**
 * Admin tokens written in this repository's README, docs, compose file and test set-ups: anyone who
 * read them can guess them, so production refuses them whatever their length
 * (production-rules.unit.spec.ts finds every literal the docs show and checks it is listed here).
 */
export const DOCUMENTED_ADMIN_TOKEN_EXAMPLES: readonly string[] = [
  'change-me-admin-token',
  'test-admin-token',
  'it-admin-token',
];

/** 32 characters of a random alphabet put guessing out of reach even without the per-address throttle. */
const MIN_PRODUCTION_ADMIN_TOKEN_LENGTH = 32;

/** Whether this process runs as production (the image sets NODE_ENV=production). */
export function isProduction(r: EnvReader): boolean {
  return r.optional('NODE_ENV') === 'production';
}

/** ADMIN_TOKEN (null: the admin API is off); in production a short or documented token is refused. */
export function readAdminToken(r: EnvReader, production: boolean): string | null {
  const token = r.optional('ADMIN_TOKEN');
  if (token === null || !production) return token;
  const lowered = token.toLowerCase();
  if (DOCUMENTED_ADMIN_TOKEN_EXAMPLES.some((example) => lowered.includes(example)))
    r.problems.push('ADMIN_TOKEN is an example from the documentation: set a random one (openssl rand -hex 24)');
  else if (token.length < MIN_PRODUCTION_ADMIN_TOKEN_LENGTH)
    r.problems.push(
      `ADMIN_TOKEN must be at least ${MIN_PRODUCTION_ADMIN_TOKEN_LENGTH} characters under NODE_ENV=production (got ${token.length}): openssl rand -hex 24`,
    );
  return token;
}

/** The manual processor's test mode credits every checkout at once: free credits, never in production. */
export function readManualAutoConfirm(r: EnvReader, production: boolean): boolean {
  const autoConfirm = r.bool('MANUAL_PAYMENTS_AUTO_CONFIRM', false);
  if (autoConfirm && production)
    r.problems.push(
      'MANUAL_PAYMENTS_AUTO_CONFIRM must not be true under NODE_ENV=production: it completes every checkout without payment',
    );
  return autoConfirm;
}
