import { VerificationEngine } from '@lib/verification-engine';
import { SILENT_VERIFICATION_OBSERVER } from '@lib/verification-engine/testing';
import { DnsPeer, startDnsPeer } from '../../support/peers/dns-peer';
import { loopbackConfig } from '../../support/engine-world';
import { describeWithServers } from '../../support/cluster/servers';

/**
 * Concurrent single verifies against a real Postfix (scripts/integration/postfix.sh: every tenth userN
 * exists): calls waiting for the same MX ride the sessions open there, so 20 calls arriving together use
 * no more sessions than the per-MX ceiling, and each gets its own mailbox's answer.
 */
describeWithServers(
  ['POSTFIX_SMTP_HOST', 'POSTFIX_SMTP_PORT', 'POSTFIX_DOMAIN'],
  'concurrent single verifies on a real Postfix',
  (env) => {
    const domain = env.POSTFIX_DOMAIN;
    const PER_MX = 3;
    let dns: DnsPeer;
    beforeAll(async () => {
      dns = await startDnsPeer({
        [domain]: { mx: [{ exchange: `mx.${domain}`, priority: 10 }], ttl: 300 },
        [`mx.${domain}`]: { a: [env.POSTFIX_SMTP_HOST], ttl: 300 },
      });
    });
    afterAll(() => dns?.close());

    it('answers 20 calls arriving together right, on at most the per-MX ceiling of sessions', async () => {
      let opened = 0;
      const engine = new VerificationEngine(
        loopbackConfig(dns.server, Number(env.POSTFIX_SMTP_PORT), {
          perMxConcurrency: PER_MX,
          observer: { ...SILENT_VERIFICATION_OBSERVER, sessionOpened: () => void opened++ },
        }),
      );
      // Half real mailboxes (user0, user10, ...), half missing, interleaved.
      const calls = Array.from({ length: 20 }, (_, n) =>
        n % 2 === 0 ? `user${n * 5}@${domain}` : `nobody${n}@${domain}`,
      );
      try {
        const verdicts = await Promise.all(calls.map((email) => engine.verify(email)));
        expect(verdicts.map((v) => [v.email, v.result])).toEqual(
          calls.map((email) => [email, email.startsWith('user') ? 'ok' : 'invalid']),
        );
        expect(verdicts.filter((v) => v.result === 'invalid').every((v) => v.smtp?.code === 550)).toBe(true);
        expect(opened).toBeLessThanOrEqual(PER_MX);
        expect(engine.sessionsOpened).toBe(opened);
      } finally {
        await engine.close();
      }
    });
  },
);
