import { accept, blocklist, full, greylist, rateLimit } from '../../../../../test/support/peers/smtp-peer';
import { EngineWorld, mxZone, startEngineWorld } from '../../../../../test/support/engine-world';

const zones = {
  ...mxZone('acme.test', [['mx.acme.test', 10, '127.0.0.1']]),
  ...mxZone('catchall.test', [['mx.catchall.test', 10, '127.0.0.1']]),
  ...mxZone('grey.test', [['mx.grey.test', 10, '127.0.0.1']]),
  ...mxZone('full.test', [['mx.full.test', 10, '127.0.0.1']]),
  ...mxZone('blocked.test', [['mx.blocked.test', 10, '127.0.0.1']]),
  ...mxZone('throttled.test', [['mx.throttled.test', 10, '127.0.0.2']]),
  ...mxZone('tarpit.test', [['mx.tarpit.test', 10, '127.0.0.3']]),
  ...mxZone('refused.test', [['mx.refused.test', 10, '127.0.0.4']]),
  ...mxZone('gmail-hosted.test', [['aspmx.l.google.com', 1, '127.0.0.1']]),
  ...mxZone('tenant.test', [['tenant-test.mail.protection.outlook.com', 0, '127.0.0.1']]),
  ...mxZone('brokentls.test', [['mx.brokentls.test', 10, '127.0.0.5']]),
};

const script = {
  listen: ['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.5'],
  hosts: { '127.0.0.3': { connection: 'tarpit' as const }, '127.0.0.5': { connection: 'broken_tls' as const } },
  domains: {
    'acme.test': { recipients: { alice: accept(), josé: accept() } },
    'catchall.test': { default: accept() },
    'grey.test': { recipients: { carol: greylist(1), dave: greylist(10) } },
    'full.test': { recipients: { erin: full(552), frank: full(452) } },
    'blocked.test': { default: blocklist() },
    'throttled.test': { default: rateLimit() },
    'gmail-hosted.test': { recipients: { gina: accept() } },
    'tenant.test': { default: accept() },
    'brokentls.test': { recipients: { alice: accept() } },
  },
};

describe('verification engine against a scripted SMTP server', () => {
  let h: EngineWorld;
  beforeAll(async () => {
    h = await startEngineWorld(zones, script);
  });
  afterAll(async () => {
    await h.stop();
  });

  describe('when the mailbox exists', () => {
    it('answers ok with the 250 and the MX host as evidence', async () => {
      const verdict = await h.engine.verify('alice@acme.test');
      expect(verdict).toMatchObject({ result: 'ok', resultCode: 1, subResult: 'ok', quality: 'good', catchAll: false });
      expect(verdict.smtp).toMatchObject({ code: 250, mxHost: 'mx.acme.test' });
    });
  });

  describe('when the mailbox does not exist', () => {
    it('answers invalid/no_mailbox from the 550 5.1.1', async () => {
      const verdict = await h.engine.verify('nobody@acme.test');
      expect(verdict).toMatchObject({ result: 'invalid', resultCode: 6, subResult: 'no_mailbox', quality: 'bad' });
      expect(verdict.smtp).toMatchObject({ code: 550, enhanced: '5.1.1' });
    });
  });

  describe('when the domain accepts every recipient', () => {
    it('answers catch_all, never ok', async () => {
      const verdict = await h.engine.verify('anyone@catchall.test');
      expect(verdict).toMatchObject({ result: 'catch_all', resultCode: 2, catchAll: true, quality: 'risky' });
    });
  });

  describe('when the server greylists', () => {
    it('retries within the interactive budget and then answers ok', async () => {
      const verdict = await h.engine.verify('carol@grey.test', { mode: 'interactive' });
      expect(verdict.result).toBe('ok');
      expect(h.smtp.stats.rcpts.filter((r) => r.address === 'carol@grey.test')).toHaveLength(2);
    });

    it('in bulk mode answers unknown/greylisted at once with a retryAfterMs', async () => {
      const verdict = await h.engine.verify('dave@grey.test', { mode: 'bulk' });
      expect(verdict).toMatchObject({ result: 'unknown', subResult: 'greylisted', retryAfterMs: 150 });
      expect(h.smtp.stats.rcpts.filter((r) => r.address === 'dave@grey.test')).toHaveLength(1);
    });

    it('in interactive mode gives up with unknown/greylisted once the budget is spent', async () => {
      const verdict = await h.engine.verify('dave@grey.test');
      expect(verdict).toMatchObject({ result: 'unknown', subResult: 'greylisted' });
      expect(verdict.retryAfterMs).toBeGreaterThan(0);
    });
  });

  describe('when the mailbox is full', () => {
    it.each(['erin@full.test', 'frank@full.test'])(
      'answers unknown/mailbox_full for %s (552 and 452)',
      async (email) => {
        expect(await h.engine.verify(email, { mode: 'bulk' })).toMatchObject({
          result: 'unknown',
          subResult: 'mailbox_full',
        });
      },
    );
  });

  describe('when our IP is on a blocklist', () => {
    it('answers unknown/ip_blocked, not invalid', async () => {
      expect(await h.engine.verify('someone@blocked.test')).toMatchObject({
        result: 'unknown',
        subResult: 'ip_blocked',
        resultCode: 3,
      });
    });
  });

  describe('when the server rate-limits with 421', () => {
    it('answers unknown/rate_limited with a retryAfterMs and backs off the host', async () => {
      const verdict = await h.engine.verify('someone@throttled.test', { mode: 'bulk' });
      expect(verdict).toMatchObject({ result: 'unknown', subResult: 'rate_limited' });
      expect(verdict.retryAfterMs).toBeGreaterThan(0);
      const sessionsBefore = h.smtp.stats.sessions;
      const again = await h.engine.verify('other@throttled.test', { mode: 'bulk' });
      expect(again.subResult).toBe('rate_limited');
      expect(h.smtp.stats.sessions).toBe(sessionsBefore);
    });
  });

  describe('when the server is a tarpit (banner, then silence)', () => {
    it('answers unknown/timeout within the command timeout', async () => {
      const started = Date.now();
      expect(await h.engine.verify('someone@tarpit.test', { mode: 'bulk' })).toMatchObject({
        result: 'unknown',
        subResult: 'timeout',
      });
      expect(Date.now() - started).toBeLessThan(6_000);
    });
  });

  describe('when nothing listens on the MX', () => {
    it('answers unknown/connection_refused', async () => {
      expect(await h.engine.verify('someone@refused.test')).toMatchObject({
        result: 'unknown',
        subResult: 'connection_refused',
      });
    });
  });

  describe('when the MX is a known provider', () => {
    it('names Google from its MX host', async () => {
      expect(await h.engine.verify('gina@gmail-hosted.test')).toMatchObject({
        result: 'ok',
        provider: 'google',
        antiSpam: false,
      });
    });

    it('never says ok for a Microsoft 365 tenant that accepts everything', async () => {
      const verdict = await h.engine.verify('ghost@tenant.test');
      expect(verdict).toMatchObject({ provider: 'microsoft365', result: 'catch_all' });
    });
  });

  describe('SMTP hygiene', () => {
    it('uses STARTTLS when offered, SMTPUTF8 for an internationalised address, and never sends DATA', async () => {
      const verdict = await h.engine.verify('josé@acme.test');
      expect(verdict.result).toBe('ok');
      expect(h.smtp.stats.tlsSessions).toBeGreaterThan(0);
      expect(h.smtp.stats.commands).toContain('STARTTLS');
      expect(h.smtp.stats.commands).not.toContain('DATA');
    });

    it('falls back to clear text when the TLS handshake fails, and remembers it for that host', async () => {
      const starttlsBefore = h.smtp.stats.commands.filter((c) => c === 'STARTTLS').length;
      expect(await h.engine.verify('alice@brokentls.test')).toMatchObject({ result: 'ok', subResult: 'ok' });
      expect(await h.engine.verify('nobody@brokentls.test')).toMatchObject({
        result: 'invalid',
        subResult: 'no_mailbox',
      });
      // One failed handshake, then clear text only: the second address (and the catch-all probe) did not try TLS again.
      expect(h.smtp.stats.commands.filter((c) => c === 'STARTTLS').length - starttlsBefore).toBe(1);
      expect(h.smtp.stats.rcpts.filter((r) => r.via === '127.0.0.5').length).toBeGreaterThanOrEqual(2);
    });
  });
});
