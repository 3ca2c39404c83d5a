import { statSync } from 'node:fs';
import { AdaptiveDecision, VerificationEngine } from '@lib/verification-engine';
import { SILENT_VERIFICATION_OBSERVER, VerificationConfig } from '@lib/verification-engine/testing';
import { DnsPeer, startDnsPeer } from '../../support/peers/dns-peer';
import { loopbackConfig } from '../../support/engine-world';
import { describeWithServers } from '../../support/cluster/servers';
import { postfixRejectionsPerSession } from '../../support/cluster/postfix-log';

/**
 * The prober against a real Postfix (Debian's package, stock smtpd limits; scripts/integration/postfix.sh):
 * its own log says how many recipients each session had rejected, so "retired before the soft error
 * limit" is checked by the server itself, not by our peer's imitation of it.
 */
describeWithServers(
  ['POSTFIX_SMTP_HOST', 'POSTFIX_SMTP_PORT', 'POSTFIX_DOMAIN', 'POSTFIX_MAILLOG'],
  'probing a real Postfix',
  (env) => {
    const domain = env.POSTFIX_DOMAIN;
    let dns: DnsPeer;
    let logStart: number;
    const engines: VerificationEngine[] = [];

    const engine = (
      overrides: Partial<VerificationConfig> = {},
    ): { engine: VerificationEngine; decisions: AdaptiveDecision[] } => {
      const decisions: AdaptiveDecision[] = [];
      const observer = {
        ...SILENT_VERIFICATION_OBSERVER,
        sessionAdapted: (d: AdaptiveDecision) => {
          decisions.push(d);
        },
      };
      const created = new VerificationEngine(
        loopbackConfig(dns.server, Number(env.POSTFIX_SMTP_PORT), { observer, perMxConcurrency: 4, ...overrides }),
      );
      engines.push(created);
      return { engine: created, decisions };
    };

    /** Rejected RCPTs of each session Postfix logged since this test began. Closes the engine first, so its parked sessions disconnect too. */
    const rejectionsPerSession = async (probe: VerificationEngine): Promise<number[]> => {
      await probe.close();
      return postfixRejectionsPerSession(env.POSTFIX_MAILLOG, logStart, probe.sessionsOpened);
    };

    beforeAll(async () => {
      dns = await startDnsPeer({
        [domain]: { mx: [{ exchange: `mx.${domain}`, priority: 10 }], ttl: 300 },
        [`mx.${domain}`]: { a: [env.POSTFIX_SMTP_HOST], ttl: 300 },
      });
    });
    beforeEach(() => {
      logStart = statSync(env.POSTFIX_MAILLOG).size;
    });
    afterAll(async () => {
      await Promise.all(engines.map((e) => e.close()));
      await dns?.close();
    });

    it('decides mailboxes from the real server: alice exists, an unknown user is invalid', async () => {
      const { engine: probe } = engine();
      const [alice, nobody] = await probe.verifyMany([`alice@${domain}`, `nobody-here@${domain}`]);
      expect([alice.result, alice.subResult]).toEqual(['ok', 'ok']);
      expect([nobody.result, nobody.subResult]).toEqual(['invalid', 'no_mailbox']);
    });

    it("retires every session before Postfix's soft error limit (10) on a list that is 90% nonexistent", async () => {
      const { engine: probe, decisions } = engine();
      const addresses = Array.from({ length: 120 }, (_, n) => `user${n}@${domain}`);
      const verdicts = await probe.verifyMany(addresses, { mode: 'bulk' });
      expect(verdicts.map((v) => v.result)).toEqual(addresses.map((_, n) => (n % 10 === 0 ? 'ok' : 'invalid')));
      const rejections = await rejectionsPerSession(probe);
      expect(rejections).toHaveLength(probe.sessionsOpened);
      expect(Math.max(...rejections)).toBeLessThanOrEqual(8);
      expect(rejections.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(108);
      expect(decisions.filter((d) => d === 'retired_error_budget').length).toBeGreaterThanOrEqual(
        Math.ceil(108 / 8) - 4,
      );
    });

    it('notices the real error sleep when its budget is above the limit, replaces the session and learns the limit', async () => {
      // A budget of 30 walks into Postfix's tarpit (every reply delayed 1 s after 10 errors) until the engine learns better.
      const { engine: probe, decisions } = engine({ sessionErrorBudget: 30, perMxConcurrency: 1 });
      const addresses = Array.from({ length: 40 }, (_, n) => `nobody${n}@${domain}`);
      const verdicts = await probe.verifyMany(addresses, { mode: 'bulk' });
      expect(verdicts.every((v) => v.result === 'invalid')).toBe(true);
      // Two sessions delayed at the same count (one could be a slow moment), then the learned budget.
      expect(decisions.filter((d) => d === 'retired_tarpit').length).toBeGreaterThanOrEqual(2);
      expect(decisions).toContain('error_budget_learned');
      const rejections = await rejectionsPerSession(probe);
      // Each tarpitted session stopped right after its first delayed reply (11 rejections), never near the
      // hard limit of 20; only the two that taught the limit went past 9.
      expect(Math.max(...rejections)).toBeLessThanOrEqual(11);
      expect(rejections.filter((n) => n > 9).length).toBeLessThanOrEqual(2);
    });
  },
);
