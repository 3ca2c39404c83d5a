import { startMailPeers, MailPeers } from '../../support/peers/mail-peers';
import { accept, rateLimit } from '../../support/peers/smtp-peer';
import { startTestApp, TestApp } from '../../support/test-app';

// The engine leaves an MX alone for the first greylisting delay after it answered 421 (MxPool's back-off);
// the second delay is shorter, so a suggestion taken from the delays alone would come before the back-off ends.
const BACKOFF_MS = 1500;

/**
 * An MX that answers every RCPT with 421 and closes: the engine reconnects a few times, then backs the MX
 * off. busy.test refuses every address; guarded.test (its MX on another loopback address, so a back-off of
 * its own) accepts alice and refuses the made-up address of the catch-all test.
 */
describe('retryAfterMs on an unknown/rate_limited answer', () => {
  let peers: MailPeers;
  let app: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    peers = await startMailPeers(
      {
        'busy.test': { default: rateLimit() },
        'guarded.test': { recipients: { alice: accept() }, default: rateLimit() },
      },
      {
        zones: { 'mx.guarded.test': { a: ['127.0.0.2'] } },
        smtp: { listen: ['127.0.0.1', '127.0.0.2'] },
        env: {
          GREYLIST_RETRY_DELAYS_MS: `${BACKOFF_MS},10`,
          VERIFY_INTERACTIVE_BUDGET_MS: '6000',
          SMTP_RECONNECT_BACKOFF_MS: '10',
          SMTP_CONNECT_TIMEOUT_MS: '1000',
          SMTP_BANNER_TIMEOUT_MS: '1000',
          SMTP_COMMAND_TIMEOUT_MS: '1000',
        },
      },
    );
    app = await startTestApp(peers.env);
    ({ apiKey } = await app.createAccount(10));
  });
  afterAll(async () => {
    await app?.close();
    await peers?.close();
  });

  /**
   * The least time left, at `answeredAt`, of the back-off the engine began after the MX's last 421 to an
   * address of `domain`: that back-off ends no earlier than BACKOFF_MS after the 421.
   */
  const backoffLeftAt = (domain: string, answeredAt: number): number => {
    const refused = peers.smtp.stats.rcpts.filter((r) => r.address.toLowerCase().endsWith(`@${domain}`));
    expect(refused.length).toBeGreaterThan(0);
    return Math.max(...refused.map((r) => r.at)) + BACKOFF_MS - answeredAt;
  };

  const expectBackoffEnd = (result: { retryAfterMs: unknown }, domain: string, answeredAt: number) => {
    expect(Number.isInteger(result.retryAfterMs)).toBe(true);
    const retryAfterMs = result.retryAfterMs as number;
    expect(retryAfterMs).toBeGreaterThan(0);
    expect(retryAfterMs).toBeGreaterThanOrEqual(backoffLeftAt(domain, answeredAt));
    // The back-off's end, not a later guess: the engine never backs an MX off for longer.
    expect(retryAfterMs).toBeLessThanOrEqual(BACKOFF_MS);
  };

  it('finding 14: single verify answers retryAfterMs no earlier than the end of the MX back-off', async () => {
    const res = await app.request('POST', '/v1/verify/single', { key: apiKey, body: { email: 'jane@busy.test' } });
    const answeredAt = Date.now();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ result: 'unknown', subResult: 'rate_limited', creditsCharged: 0 });
    expectBackoffEnd(res.body.data, 'busy.test', answeredAt);
  });

  it('finding 14: batch verify answers it per position, and null on a decided one', async () => {
    const res = await app.request('POST', '/v1/verify/batch', {
      key: apiKey,
      body: { emails: ['john@busy.test', 'not-an-address'] },
    });
    const answeredAt = Date.now();
    expect(res.status).toBe(200);
    const [busy, invalid] = res.body.data.results;
    expect(busy).toMatchObject({ result: 'unknown', subResult: 'rate_limited', creditsCharged: 0 });
    expectBackoffEnd(busy, 'busy.test', answeredAt);
    expect(invalid).toMatchObject({ result: 'invalid', retryAfterMs: null });
  });

  it('finding 14: counts the back-off the catch-all probe met, when that probe left the result open', async () => {
    const res = await app.request('POST', '/v1/verify/single', { key: apiKey, body: { email: 'alice@guarded.test' } });
    const answeredAt = Date.now();
    expect(res.body.data).toMatchObject({ result: 'unknown', subResult: 'rate_limited', creditsCharged: 0 });
    expect(peers.smtp.stats.rcpts.some((r) => r.address === 'alice@guarded.test')).toBe(true);
    expectBackoffEnd(res.body.data, 'guarded.test', answeredAt);
  });

  it('answers null on a decided result', async () => {
    const res = await app.request('POST', '/v1/verify/single', { key: apiKey, body: { email: 'not-an-address' } });
    expect(res.body.data).toMatchObject({ result: 'invalid', retryAfterMs: null });
  });
});
