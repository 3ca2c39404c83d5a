import { statSync } from 'node:fs';
import { DomainFormatSource, EmailFinder, type KnownAddressRecord } from '@lib/finder/testing';
import { isFreeProvider, VerificationEngine } from '@lib/verification-engine';
import { DnsPeer, startDnsPeer } from '../../support/peers/dns-peer';
import { loopbackConfig } from '../../support/engine-world';
import { postfixRejectionsPerSession } from '../../support/cluster/postfix-log';
import { describeWithServers } from '../../support/cluster/servers';

/** What the finder has confirmed so far, as the known-address read model would hold it. */
class Remembered extends DomainFormatSource {
  readonly records: KnownAddressRecord[] = [];
  async knownAddresses(domain: string) {
    return this.records.filter((r) => r.email.endsWith(`@${domain}`));
  }
}

/**
 * The finder against a real Postfix (stock smtpd limits; scripts/integration/postfix.sh writes one
 * company per common format, fdotlast.<suffix> holding r.paulson, m.singer, ...): the f.last address of a
 * Robert comes after the common formats and his two nicknames, and Postfix's own log says no session
 * had more RCPTs rejected than the prober's budget of 8 (its soft error limit is 10).
 */
describeWithServers(
  ['POSTFIX_SMTP_HOST', 'POSTFIX_SMTP_PORT', 'POSTFIX_MAILLOG', 'POSTFIX_FINDER_SUFFIX'],
  'the finder on a real Postfix',
  (env) => {
    const domain = `fdotlast.${env.POSTFIX_FINDER_SUFFIX}`;
    let dns: DnsPeer;
    beforeAll(async () => {
      dns = await startDnsPeer({
        [domain]: { mx: [{ exchange: `mx.${domain}`, priority: 10 }], ttl: 300 },
        [`mx.${domain}`]: { a: [env.POSTFIX_SMTP_HOST], ttl: 300 },
      });
    });
    afterAll(() => dns?.close());

    it('finds r.paulson, then m.singer in one RCPT, each session under the soft error limit', async () => {
      const logStart = statSync(env.POSTFIX_MAILLOG).size;
      const engine = new VerificationEngine(loopbackConfig(dns.server, Number(env.POSTFIX_SMTP_PORT)));
      const memory = new Remembered();
      const finder = new EmailFinder(engine, memory, { isFreeDomain: isFreeProvider });
      const robert = await finder.find({ firstName: 'Robert', lastName: 'Paulson', domain });
      expect(robert).toMatchObject({ email: `r.paulson@${domain}`, result: 'Ok', pattern: 'f.last' });
      expect(robert.probesUsed).toBeGreaterThan(8);
      memory.records.push({ email: robert.email!, firstName: 'Robert', lastName: 'Paulson' });
      const marla = await finder.find({ firstName: 'Marla', lastName: 'Singer', domain });
      expect(marla).toMatchObject({ email: `m.singer@${domain}`, pattern: 'f.last', probesUsed: 1 });
      await engine.close();
      const rejections = await postfixRejectionsPerSession(env.POSTFIX_MAILLOG, logStart, engine.sessionsOpened);
      expect(rejections.length).toBeGreaterThanOrEqual(2);
      expect(Math.max(...rejections)).toBeLessThanOrEqual(8);
    });
  },
);
