import * as fs from 'node:fs';
import * as path from 'node:path';
import { ADMIN_TOKEN } from '../../support/test-app';
import { eventuallyBalance, startVerifyWorld, VerifyWorld } from '../verify/verify-world';
import { Operation, operationsOf } from './openapi-operations';
import { Outcome, sendAll } from './raw-http';
import { reportedCharge, violationsOf } from './response-rules';
import { BATTERIES, Credentials } from './surface-probes';
import { signedInUser } from '../dashboard/dashboard-users';

/** Operations in the OpenAPI document when this suite was written; fewer means the loop lost routes. */
const KNOWN_OPERATIONS = 68;
const OPENING_CREDITS = 1_000;
const CONCURRENCY = 16;

function report(outcomes: Outcome[]): string[] {
  return outcomes.flatMap((outcome) =>
    violationsOf(outcome).map(
      (problem) => `${outcome.probe.operation} [${outcome.probe.label}] -> ${outcome.status}: ${problem}`,
    ),
  );
}

function storedFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

describe('the HTTP surface under bad input', () => {
  let world: VerifyWorld;
  let credentials: Credentials;
  let operations: Operation[];
  /** Accepted answers that said they charged, with what they charged for. */
  const charges: Array<{ request: string; credits: number; subResult: string | null }> = [];
  let batteriesSent = 0;

  beforeAll(async () => {
    // Every battery sends garbled admin tokens from one address: the guessing throttle would answer the rest 429.
    world = await startVerifyWorld({
      RATE_LIMIT_PER_SECOND: '100000',
      RATE_LIMIT_BURST: '100000',
      ADMIN_MAX_FAILURES_PER_ADDRESS: '100000',
    });
    const { browser } = await signedInUser(world.app);
    const session = { token: browser.cookies.get('mc_session')!, csrf: browser.cookies.get('mc_csrf')! };
    credentials = {
      apiKey: (await world.app.createAccount(OPENING_CREDITS, 'Robustness')).apiKey,
      adminToken: ADMIN_TOKEN,
      session,
    };
    operations = operationsOf((await world.app.request('GET', '/docs-json')).body);
  });
  afterAll(async () => {
    await world?.close();
  });

  it(`reads at least ${KNOWN_OPERATIONS} operations from the OpenAPI document`, () => {
    expect(operations.length).toBeGreaterThanOrEqual(KNOWN_OPERATIONS);
    expect(operations.filter((op) => op.body?.mediaType === 'multipart').map((op) => op.id)).toEqual(
      expect.arrayContaining(['POST /v1/jobs', 'POST /v1/finder/jobs']),
    );
  });

  describe.each(Object.entries(BATTERIES))('with %s', (_name, battery) => {
    it('answers every request below 500 with JSON in the envelope and a catalogued code, leaking nothing', async () => {
      const probes = operations.flatMap((operation) => battery(operation, credentials));
      expect(probes.length).toBeGreaterThan(0);
      const outcomes = await sendAll(world.app.url, probes, CONCURRENCY);
      for (const outcome of outcomes) {
        const charge = reportedCharge(outcome);
        if (charge.credits !== 0)
          charges.push({ request: `${outcome.probe.operation} [${outcome.probe.label}]`, ...charge });
      }
      batteriesSent++;
      const violations = report(outcomes);
      expect({
        requests: probes.length,
        violations: violations.slice(0, 40),
        more: Math.max(0, violations.length - 40),
      }).toEqual({ requests: probes.length, violations: [], more: 0 });
    }, 60_000);
  });

  // A well-typed string that is no address ("abc", "😀", "1e309") is a verification the spec prices:
  // 1 credit for invalid/invalid_syntax. Nothing else may cost anything, and refusals cost nothing.
  it('charged only the syntax verdicts the spec prices, exactly as reported, and holds nothing', async () => {
    expect(batteriesSent).toBe(Object.keys(BATTERIES).length);
    expect(charges.filter((charge) => charge.credits !== 1 || charge.subResult !== 'invalid_syntax')).toEqual([]);
    const expected = OPENING_CREDITS - charges.length;
    expect(await eventuallyBalance(world.app, credentials.apiKey, expected)).toMatchObject({
      balance: expected,
      held: 0,
      available: expected,
    });
  });

  it('created no bulk or finder job and stored no uploaded file', async () => {
    expect(batteriesSent).toBe(Object.keys(BATTERIES).length);
    for (const route of ['/v1/jobs', '/v1/finder/jobs']) {
      const list = await world.app.request('GET', route, { key: credentials.apiKey });
      expect({ route, total: list.body.data.total }).toEqual({ route, total: 0 });
    }
    expect(storedFiles(path.join(world.app.dataDir, 'blobs'))).toEqual([]);
  });
});
