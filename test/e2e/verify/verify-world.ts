import { eventually } from '@lib/common/testing';
import { Clock } from '@lib/common';
import type { DnsPeer, DnsPeerOptions, ZoneEntry } from '../../support/peers/dns-peer';
import { startMailPeers } from '../../support/peers/mail-peers';
import { accept, blocklist, DomainScript, SmtpPeer } from '../../support/peers/smtp-peer';
import type { AdapterWrappers } from '@lib/platform';
import { ADMIN_TOKEN, HttpResult, startTestApp, TestApp } from '../../support/test-app';

/**
 * Addresses with a known verdict on the loopback peers:
 * ok alice@acme.test, invalid bob@acme.test (550 user unknown), catch_all anyone@catchall.test,
 * unknown anyone@blocked.test (554 blocklisted), disposable anyone@mailinator.com (its MX is never probed).
 */
export const ADDRESSES = {
  ok: 'alice@acme.test',
  invalid: 'bob@acme.test',
  catchAll: 'someone@catchall.test',
  unknown: 'someone@blocked.test',
  disposable: 'someone@mailinator.com',
} as const;

const ADDRESS_DOMAINS: Record<string, DomainScript> = {
  'acme.test': { recipients: { alice: accept(), carol: accept(), dave: accept() } },
  'catchall.test': { default: accept() },
  'blocked.test': { default: blocklist() },
};
/** mailinator.com has an MX in DNS, though the engine never probes a disposable domain's. */
const ADDRESS_ZONES: Record<string, ZoneEntry> = {
  'mailinator.com': { mx: [{ exchange: 'mx.mailinator.com', priority: 10 }] },
  'mx.mailinator.com': { a: ['127.0.0.1'] },
};

export interface VerifyWorld {
  app: TestApp;
  smtp: SmtpPeer;
  dns: DnsPeer;
  /** RCPT TO commands the SMTP peer has received for this address (case-insensitive). */
  rcptsFor(address: string): number;
  admin(method: string, route: string, body?: unknown): Promise<HttpResult>;
  close(): Promise<void>;
}

/**
 * The real all-in-one app probing real SMTP and DNS servers on loopback, with short timeouts: the domains
 * of ADDRESSES, or the caller's `domains` (and `zones`, which replace a domain's own entries: an MX named
 * for a provider; `dns`, how the DNS peer answers).
 */
export async function startVerifyWorld(
  env: Record<string, string> = {},
  overrides: {
    clock?: Clock;
    domains?: Record<string, DomainScript>;
    zones?: Record<string, ZoneEntry>;
    dns?: DnsPeerOptions;
    /** Wraps the app's adapters (the crash harness). */
    wrap?: AdapterWrappers;
  } = {},
): Promise<VerifyWorld> {
  const peers = await startMailPeers(overrides.domains ?? ADDRESS_DOMAINS, {
    zones: overrides.domains ? overrides.zones : { ...ADDRESS_ZONES, ...overrides.zones },
    dns: overrides.dns,
    env: {
      SMTP_CONNECT_TIMEOUT_MS: '1000',
      SMTP_BANNER_TIMEOUT_MS: '1000',
      SMTP_COMMAND_TIMEOUT_MS: '1000',
      GREYLIST_RETRY_DELAYS_MS: '150,300',
      VERIFY_INTERACTIVE_BUDGET_MS: '5000',
      ...env,
    },
  });
  const { smtp, dns } = peers;
  const app = await startTestApp(peers.env, { clock: overrides.clock, wrap: overrides.wrap });
  return {
    app,
    smtp,
    dns,
    rcptsFor: (address) => smtp.stats.rcpts.filter((r) => r.address.toLowerCase() === address.toLowerCase()).length,
    admin: (method, route, body) =>
      app.request(method, route, { body, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }),
    async close() {
      await app.close();
      await peers.close();
    },
  };
}

/** The read model trails the ledger by a projector hop; poll until the balance shows what the ledger says. */
export async function eventuallyBalance(
  app: TestApp,
  key: string,
  expected: number,
  timeoutMs = 5000,
): Promise<Record<string, number>> {
  let balance: Record<string, number> = {};
  await eventually(
    async () => {
      balance = (await app.request('GET', '/v1/credits/balance', { key })).body.data;
      expect(balance?.balance).toBe(expected);
      // The call's hold is settled in the same commit as its answer; the balance read model follows.
      expect(balance?.held).toBe(0);
    },
    { timeoutMs, intervalMs: 25 },
  ).catch(() => undefined);
  return balance;
}
