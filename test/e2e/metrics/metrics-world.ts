import { startMailPeers } from '../../support/peers/mail-peers';
import { accept, blocklist, DomainScript, greylist, SmtpPeer } from '../../support/peers/smtp-peer';
import { HttpsReceiver } from '../../support/peers/https-receiver';
import { startTestApp, TestApp } from '../../support/test-app';

/** The bearer token the counters suite scrapes with (METRICS_TOKEN puts /metrics on the API's port). */
export const METRICS_TOKEN = 'metrics-e2e-token-0123456789';

/**
 * acme.test: alice, carol, dave accepted, slow greylisted once, stuck greylisted on every attempt, anyone
 * else rejected (550 user unknown); catchall.test accepts everyone; blocked.test blocklists us (unknown);
 * mailinator.com is disposable and never probed.
 */
const DOMAINS: Record<string, DomainScript> = {
  'acme.test': {
    recipients: { alice: accept(), carol: accept(), dave: accept(), slow: greylist(1), stuck: greylist(1_000) },
  },
  'catchall.test': { default: accept() },
  'blocked.test': { default: blocklist() },
};

export interface MetricsWorld {
  app: TestApp;
  smtp: SmtpPeer;
  receiver: HttpsReceiver;
  scrape(authorization?: string): Promise<{ status: number; headers: Headers; text: string }>;
  close(): Promise<void>;
}

/** The real all-in-one app with loopback SMTP and DNS peers and an HTTPS webhook receiver. */
export async function startMetricsWorld(): Promise<MetricsWorld> {
  // mailinator.com has an MX, as a real disposable domain does, which the probes must never reach.
  const peers = await startMailPeers(DOMAINS, {
    zones: {
      'mailinator.com': { mx: [{ exchange: 'mx.mailinator.com', priority: 10 }] },
      'mx.mailinator.com': { a: ['127.0.0.1'] },
    },
  });
  const receiver = await HttpsReceiver.start();
  const app = await startTestApp({
    ...peers.env,
    METRICS_TOKEN,
    GREYLIST_RETRY_DELAYS_MS: '150',
    VERIFY_INTERACTIVE_BUDGET_MS: '5000',
    JOB_GREYLIST_RETRY_DELAYS_MS: '200,400',
    WEBHOOK_CA_FILE: receiver.caFile,
    WEBHOOK_TIMEOUT_MS: '3000',
  });
  return {
    app,
    smtp: peers.smtp,
    receiver,
    async scrape(authorization = `Bearer ${METRICS_TOKEN}`) {
      const response = await fetch(`${app.url}/metrics`, { headers: authorization ? { authorization } : {} });
      return { status: response.status, headers: response.headers, text: await response.text() };
    },
    async close() {
      await app.close();
      await Promise.all([peers.close(), receiver.close()]);
    },
  };
}
