import { generateKeyPairSync } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ConfigError, loadConfig } from './load-config';
import { DOCUMENTED_ADMIN_TOKEN_EXAMPLES } from './production-rules';

const ROOT = path.resolve(__dirname, '../../../..');
// Production needs the verification tokens' signing key (slices/verification-token.unit.spec.ts) and the
// master key of personal data (issue 39); these specs are about the rest.
const SIGNING_KEY = generateKeyPairSync('ed25519')
  .privateKey.export({ format: 'der', type: 'pkcs8' })
  .toString('base64');
const MASTER_KEY = Buffer.alloc(32, 3).toString('base64');
const production = (env: Record<string, string>) =>
  loadConfig(
    { NODE_ENV: 'production', VERIFICATION_TOKEN_SIGNING_KEY: SIGNING_KEY, DATA_MASTER_KEY: MASTER_KEY, ...env },
    ['api'],
  );
const problemsOf = (load: () => unknown): string[] => {
  try {
    load();
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};
const STRONG_TOKEN = 'c0ffee5a1f4b9e27d86a3c1405b7e9f2d4a6c8e0';

/** Every literal ADMIN_TOKEN value written in the README, docs/ or the compose file (a `${...}` or `$(...)` is not one). */
function documentedAdminTokens(): string[] {
  const files = [
    'README.md',
    'docker-compose.yml',
    ...fs
      .readdirSync(path.join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];
  const found = new Set<string>();
  for (const file of files) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const match of text.matchAll(/ADMIN_TOKEN(?::-|[=:]\s*['"]?)([A-Za-z0-9][^\s'"`}$)|]*)/g)) found.add(match[1]);
  }
  return [...found];
}

describe('finding 4: production refuses a weak or documented ADMIN_TOKEN, naming the variable', () => {
  it('refuses a token shorter than 32 characters under NODE_ENV=production', () => {
    expect(problemsOf(() => production({ ADMIN_TOKEN: 'a'.repeat(31) }))).toEqual([
      expect.stringContaining('ADMIN_TOKEN must be at least 32 characters'),
    ]);
    expect(production({ ADMIN_TOKEN: STRONG_TOKEN }).adminToken).toBe(STRONG_TOKEN);
  });

  it('refuses every documented example, however long', () => {
    expect(DOCUMENTED_ADMIN_TOKEN_EXAMPLES).toContain('change-me-admin-token');
    for (const example of DOCUMENTED_ADMIN_TOKEN_EXAMPLES) {
      expect(problemsOf(() => production({ ADMIN_TOKEN: example })).join('\n')).toMatch(/ADMIN_TOKEN/);
      expect(problemsOf(() => production({ ADMIN_TOKEN: example.repeat(4) })).join('\n')).toMatch(/ADMIN_TOKEN/);
    }
  });

  it('knows every literal token the README, docs/ and docker-compose.yml show, so a new example is refused too', () => {
    for (const token of documentedAdminTokens()) {
      expect({ token, refused: problemsOf(() => production({ ADMIN_TOKEN: token })).length > 0 }).toEqual({
        token,
        refused: true,
      });
    }
  });

  it('still lets a development or test start use a short token, and an unset token (admin API off) anywhere', () => {
    expect(loadConfig({ ADMIN_TOKEN: 'test-admin-token' }, ['api']).adminToken).toBe('test-admin-token');
    expect(production({}).adminToken).toBeNull();
  });
});

describe('finding 10: MANUAL_PAYMENTS_AUTO_CONFIRM is refused under NODE_ENV=production', () => {
  it('names the variable when it is true in production', () => {
    expect(problemsOf(() => production({ MANUAL_PAYMENTS_AUTO_CONFIRM: 'true' }))).toEqual([
      expect.stringContaining('MANUAL_PAYMENTS_AUTO_CONFIRM'),
    ]);
  });

  it('accepts it off in production and on elsewhere (tests, a local demo)', () => {
    expect(production({ MANUAL_PAYMENTS_AUTO_CONFIRM: 'false' }).payments.manualAutoConfirm).toBe(false);
    expect(loadConfig({ MANUAL_PAYMENTS_AUTO_CONFIRM: 'true' }, ['api']).payments.manualAutoConfirm).toBe(true);
  });
});
