import { VerificationEngine } from '@lib/verification-engine';
import { SILENT_VERIFICATION_OBSERVER } from '@lib/verification-engine/testing';
import { DnsPeer, startDnsPeer } from '../../support/peers/dns-peer';
import { loopbackConfig } from '../../support/engine-world';
import { describeWithServers } from '../../support/cluster/servers';
import { CountingRelay, startCountingRelay } from '../../support/peers/counting-relay';

/**
 * Concurrent single verifies against a real Postfix (scripts/integration/postfix.sh: every tenth userN
 * exists): calls waiting for the same MX ride the sessions open there, so 20 calls arriving together use
 * no more sessions at once than the per-MX ceiling, and each gets its own mailbox's answer. Sessions are
 * counted by a relay in front of Postfix, as the server sees them.
 */
describeWithServers(
  ['POSTFIX_SMTP_HOST', 'POSTFIX_SMTP_PORT', 'POSTFIX_DOMAIN'],
  'concurrent single verifies on a real Postfix',
  (env) => {
    const domain = env.POSTFIX_DOMAIN;
    const PER_MX = 3;
    let dns: DnsPeer;
    let relay: CountingRelay;
    beforeAll(async () => {
      relay = await startCountingRelay(env.POSTFIX_SMTP_HOST, Number(env.POSTFIX_SMTP_PORT));
      dns = await startDnsPeer({
        [domain]: { mx: [{ exchange: `mx.${domain}`, priority: 10 }], ttl: 300 },
        [`mx.${domain}`]: { a: ['127.0.0.1'], ttl: 300 },
      });
    });
    afterAll(async () => {
      await dns?.close();
      await relay?.close();
    });

    it('answers 20 calls arriving together right, on at most the per-MX ceiling of sessions', async () => {
      const config = loopbackConfig(dns.server, relay.port, {
        perMxConcurrency: PER_MX,
        observer: SILENT_VERIFICATION_OBSERVER,
      });
      const engine = new VerificationEngine(config);
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
        expect(relay.mostAtOnce).toBeLessThanOrEqual(PER_MX);
        // Shared, not one per call: the missing mailboxes and the catch-all probe are every rejection there
        // is, so error budgets spent can add at most this many sessions after the first ones.
        const rejections = calls.filter((email) => email.startsWith('nobody')).length + 1;
        expect(relay.accepted).toBeLessThanOrEqual(PER_MX + Math.floor(rejections / config.sessionErrorBudget));
        expect(engine.sessionsOpened).toBe(relay.accepted);
      } finally {
        await engine.close();
      }
    });
  },
);
