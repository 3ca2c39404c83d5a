/**
 * The real service for the client libraries' tests (sdks/): the all-in-one app on embedded adapters,
 * probing loopback SMTP and DNS peers (so verdicts are real), trusting a throwaway CA whose server
 * certificate the tests' HTTPS webhook receivers use. Prints one JSON line (url, admin token, a live API
 * key, a team owner's test key `testApiKey`, the certificate files, addresses with known verdicts), then
 * serves until stdin closes or a SIGTERM/SIGINT arrives. The client libraries' tests call with test keys
 * (docs/test-mode.md's magic addresses); the live key and the peers' verdicts serve what test mode has not.
 *
 *   node -r ./scripts/register-ts.js test/support/serve-for-clients.ts ['{"RATE_LIMIT_PER_SECOND":"1"}'] [--bulk-domains=N]
 *
 * The first argument, JSON, is added to the app's environment (a low rate limit for the 429 tests).
 * `--bulk-domains=N` adds N domains bulk<n>.test for generated lists: user<i> with i % 3 === 0 is refused,
 * every other user<i> (i < 100,000) is accepted.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { signedInUser } from '../e2e/dashboard/dashboard-users';
import { COMPANY_DOMAINS } from '../e2e/finder/finder-world';
import { startMailPeers } from './peers/mail-peers';
import { accept, blocklist, DomainScript, reject, RcptBehaviour } from './peers/smtp-peer';
import { issueCertificates } from './peers/https-receiver';
import { ADMIN_TOKEN, startTestApp } from './test-app';

/** Addresses whose verdict the peers decide, and a person the finder finds. */
const ADDRESSES = {
  ok: 'alice@acme.test',
  invalid: 'bob@acme.test',
  catchAll: 'someone@catchall.test',
  unknown: 'someone@blocked.test',
  person: { firstName: 'Jane', lastName: 'Doe', domain: 'firstlast.test', email: 'jane.doe@firstlast.test' },
} as const;

function bulkDomains(count: number): Record<string, DomainScript> {
  const recipients: Record<string, RcptBehaviour> = {};
  for (let i = 0; i < 100_000; i += 1) if (i % 3 !== 0) recipients[`user${i}`] = accept();
  const domains: Record<string, DomainScript> = {};
  for (let n = 0; n < count; n += 1) domains[`bulk${n}.test`] = { default: reject(), recipients };
  return domains;
}

async function main(): Promise<void> {
  const env = JSON.parse(process.argv.slice(2).find((arg) => arg.startsWith('{')) ?? '{}') as Record<string, string>;
  const bulk = Number(process.argv.find((arg) => arg.startsWith('--bulk-domains='))?.split('=')[1] ?? 0);
  const tlsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clients-tls-'));
  const { caFile, key, cert } = issueCertificates(tlsDir);
  fs.writeFileSync(path.join(tlsDir, 'receiver.key'), key);
  fs.writeFileSync(path.join(tlsDir, 'receiver.pem'), cert);
  const peers = await startMailPeers(
    {
      ...COMPANY_DOMAINS,
      'acme.test': { recipients: { alice: accept() } },
      'blocked.test': { default: blocklist() },
      ...bulkDomains(bulk),
    },
    {
      env: {
        GREYLIST_RETRY_DELAYS_MS: '150,300',
        VERIFY_INTERACTIVE_BUDGET_MS: '5000',
        // One account for every client test, which sends the same small lists many times on purpose.
        JOB_DUPLICATE_WINDOW_HOURS: '0',
      },
    },
  );
  const app = await startTestApp({ ...peers.env, WEBHOOK_CA_FILE: caFile, ...env });
  const account = await app.createAccount(1_000_000, 'client libraries');
  // A team owner's test key, made on the dashboard: the admin API issues member keys, and only owners and
  // admins manage webhooks.
  const { browser } = await signedInUser(app, 'owner@clients.example', 'Client Libraries');
  const testKey = await browser.request('POST', '/dashboard/v1/keys', {
    body: { label: 'client libraries (test mode)', kind: 'test' },
  });
  if (testKey.status !== 201) throw new Error(`test key: ${testKey.status} ${testKey.text}`);
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await peers.close();
    fs.rmSync(tlsDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
  process.stdin.on('end', close).resume();
  process.stdout.write(
    JSON.stringify({
      url: app.url,
      adminToken: ADMIN_TOKEN,
      apiKey: account.apiKey,
      testApiKey: testKey.body.data.apiKey,
      accountId: account.accountId,
      tls: { key: path.join(tlsDir, 'receiver.key'), cert: path.join(tlsDir, 'receiver.pem'), ca: caFile },
      addresses: ADDRESSES,
    }) + '\n',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
