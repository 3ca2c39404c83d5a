import { execFile, execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { ConfigError, loadConfig } from '@lib/config';

const ROOT = path.resolve(__dirname, '../../..');
const ENGINES = ['eventstore', 'mongo', 'kafka'];
const APPS: Record<string, Array<'api' | 'worker' | 'projector'>> = {
  api: ['api'],
  worker: ['worker'],
  projector: ['projector'],
};

interface ComposeService {
  image: string;
  build: boolean;
  healthcheck: boolean;
  dependsOn: Record<string, string>;
  environment: Record<string, string>;
  profiles: string[] | null;
}

function hasGo(): boolean {
  try {
    execFileSync('go', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** What an operator exports before `docker compose up` (docs/production.md: openssl rand -hex 24). */
const OPERATOR_ADMIN_TOKEN = '5f0c9e1d2b7a4e8c93d6f1a0b2c4e6d8a1b3c5e7f9d2c4b6';
/** And the verification tokens' key (docs/sign-up-forms.md: openssl genpkey -algorithm ed25519 -outform DER | base64 -w0). */
const OPERATOR_SIGNING_KEY = 'MC4CAQAwBQYDK2VwBCIEICXj65L59DSWDPuM68dwPFbxNm/2a+nnD4JyVLhcUkOR';
/** And the master key of personal data (docs/production.md: openssl rand -base64 32). */
const OPERATOR_MASTER_KEY = 'q2T0mJ3k5n8Yv1cX4bZ7wR9eU6iO0pA2sD5fG8hJ1kM=';
const OPERATOR_SHELL = {
  ADMIN_TOKEN: OPERATOR_ADMIN_TOKEN,
  VERIFICATION_TOKEN_SIGNING_KEY: OPERATOR_SIGNING_KEY,
  DATA_MASTER_KEY: OPERATOR_MASTER_KEY,
};

/**
 * docker-compose.yml as Docker Compose itself resolves it (compose-go), see scripts/compose-check,
 * with the variables of the caller's shell given (the operator's secrets unless `shell` says otherwise).
 */
function resolveCompose(shell: Record<string, string> = OPERATOR_SHELL): Promise<Record<string, ComposeService>> {
  const env = { ...process.env, ...shell };
  for (const name of Object.keys(OPERATOR_SHELL)) if (!(name in shell)) delete env[name];
  return new Promise((resolve, reject) => {
    execFile(
      'go',
      ['run', '.', path.join(ROOT, 'docker-compose.yml')],
      { cwd: path.join(ROOT, 'scripts/compose-check'), env, timeout: 480_000, maxBuffer: 8 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`compose-check failed: ${stderr || error.message}`));
        resolve((JSON.parse(stdout) as { services: Record<string, ComposeService> }).services);
      },
    );
  });
}

/**
 * No container engine runs here, so the production topology is checked the way Docker Compose would
 * read it: the file loads with compose-go (schema, interpolation, depends_on), every app waits for
 * healthy engines, and every app's environment is a configuration our own loader accepts, with no
 * variable it would silently ignore (a typo there would fall back to the embedded adapters).
 */
const suite = hasGo() ? describe : describe.skip;
if (!hasGo())
  process.stderr.write(
    '\n*** SKIPPED integration suite "docker-compose.yml": no Go toolchain to run compose-go ***\n\n',
  );

suite(`docker-compose.yml${hasGo() ? '' : ' [SKIPPED: no Go toolchain]'}`, () => {
  let services: Record<string, ComposeService>;
  beforeAll(async () => {
    services = await resolveCompose();
  }, 500_000);

  it('defines the three engines and the three app roles, the apps built from this repository', () => {
    for (const engine of ENGINES) expect(services[engine]).toMatchObject({ build: false, healthcheck: true });
    for (const app of Object.keys(APPS)) expect(services[app]).toMatchObject({ build: true, healthcheck: true });
  });

  it('starts every app only once every engine is healthy', () => {
    for (const app of Object.keys(APPS)) {
      expect(services[app].dependsOn).toEqual(Object.fromEntries(ENGINES.map((engine) => [engine, 'service_healthy'])));
    }
  });

  it('gives every app a configuration our loader accepts, selecting the production adapters and nothing it would ignore', () => {
    for (const [app, roles] of Object.entries(APPS)) {
      const env = services[app].environment;
      const asked = new Set<string>();
      // The image sets NODE_ENV=production (Dockerfile), so the production rules apply to this environment.
      const recording = new Proxy<Record<string, string>>(
        { ...env, NODE_ENV: 'production' },
        {
          get: (target, name) => {
            asked.add(String(name));
            return target[String(name)];
          },
        },
      );
      let config: ReturnType<typeof loadConfig>;
      try {
        config = loadConfig(recording, roles);
      } catch (error) {
        throw new Error(`${app}: ${error instanceof ConfigError ? error.problems.join('; ') : String(error)}`, {
          cause: error,
        });
      }
      expect({
        app,
        eventStoreUrl: config.eventStoreUrl,
        mongoUrl: config.mongoUrl,
        kafkaBrokers: config.kafkaBrokers,
      }).toEqual({
        app,
        eventStoreUrl: expect.stringMatching(/^esdb:\/\/eventstore:2113/),
        mongoUrl: expect.stringMatching(/^mongodb:\/\/mongo:27017/),
        kafkaBrokers: ['kafka:9092'],
      });
      expect({ app, ignored: Object.keys(env).filter((name) => !asked.has(name)) }).toEqual({ app, ignored: [] });
    }
  });

  describe('finding 4: compose requires ADMIN_TOKEN instead of falling back to a default one', () => {
    it("passes the operator's ADMIN_TOKEN to every app", () => {
      for (const app of Object.keys(APPS)) expect(services[app].environment.ADMIN_TOKEN).toBe(OPERATOR_ADMIN_TOKEN);
    });

    it('refuses to start without ADMIN_TOKEN in the shell, naming it', async () => {
      await expect(
        resolveCompose({ VERIFICATION_TOKEN_SIGNING_KEY: OPERATOR_SIGNING_KEY, DATA_MASTER_KEY: OPERATOR_MASTER_KEY }),
      ).rejects.toThrow(/ADMIN_TOKEN/);
    }, 500_000);
  });

  describe('issue 38: compose requires the verification tokens’ signing key, one for every replica', () => {
    it("passes the operator's key to every app", () => {
      for (const app of Object.keys(APPS))
        expect(services[app].environment.VERIFICATION_TOKEN_SIGNING_KEY).toBe(OPERATOR_SIGNING_KEY);
    });

    it('refuses to start without it in the shell, naming it', async () => {
      await expect(
        resolveCompose({ ADMIN_TOKEN: OPERATOR_ADMIN_TOKEN, DATA_MASTER_KEY: OPERATOR_MASTER_KEY }),
      ).rejects.toThrow(/VERIFICATION_TOKEN_SIGNING_KEY/);
    }, 500_000);
  });

  describe('issue 39: compose requires DATA_MASTER_KEY, the key that wraps the keys of personal data', () => {
    it("passes the operator's DATA_MASTER_KEY to every app", () => {
      for (const app of Object.keys(APPS)) expect(services[app].environment.DATA_MASTER_KEY).toBe(OPERATOR_MASTER_KEY);
    });

    it('refuses to start without DATA_MASTER_KEY in the shell, naming it', async () => {
      await expect(
        resolveCompose({ ADMIN_TOKEN: OPERATOR_ADMIN_TOKEN, VERIFICATION_TOKEN_SIGNING_KEY: OPERATOR_SIGNING_KEY }),
      ).rejects.toThrow(/DATA_MASTER_KEY/);
    }, 500_000);
  });
});
