import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname } from 'node:path';
import { VerificationEngine } from '@lib/verification-engine';
import type { VerificationConfig } from '@lib/verification-engine/testing';
import { eventually } from '@lib/common/testing';
import { describeWithServers } from '../../support/cluster/servers';
import { loopbackConfig } from '../../support/engine-world';
import { routesFrom } from '../../support/egress-routes';
import { DnsPeer, startDnsPeer } from '../../support/peers/dns-peer';
import { accept, SmtpPeer, startSmtpPeer } from '../../support/peers/smtp-peer';
import { ledgerState, upload } from '../../support/harness/redelivery-harness';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * Egress routes on real parts: Debian's dante as the SOCKS5 proxy (open, with username authentication,
 * and one refusing port 25) and the private Postfix, whose client map refuses 127.0.0.31 the way an
 * RBL-checking Postfix does (scripts/integration/dante.sh, postfix.sh).
 */
describeWithServers(
  [
    'DANTE_OPEN_URL',
    'DANTE_OPEN_SOURCE',
    'DANTE_AUTH_URL',
    'DANTE_NO25_URL',
    'DANTE_PID_OPEN',
    'POSTFIX_SMTP_HOST',
    'POSTFIX_SMTP_PORT',
    'POSTFIX_DOMAIN',
    'POSTFIX_BLOCKED_SOURCE',
    'POSTFIX_CLEAN_SOURCE',
  ],
  'egress routes through dante and against the real Postfix',
  (env) => {
    const domain = env.POSTFIX_DOMAIN;
    const port = Number(env.POSTFIX_SMTP_PORT);
    let dns: DnsPeer;
    const engines: VerificationEngine[] = [];
    // Every tenth userN of the Postfix domain exists (scripts/integration/postfix.sh).
    const list = (from: number, count: number) => Array.from({ length: count }, (_, n) => `user${from + n}@${domain}`);
    const truth = (address: string) => (Number(/user(\d+)@/.exec(address)![1]) % 10 === 0 ? 'ok' : 'invalid');

    const engineWith = (routes: object, overrides: Partial<VerificationConfig> = {}): VerificationEngine => {
      const engine = new VerificationEngine(
        loopbackConfig(dns.server, port, { routes: routesFrom(routes), perMxConcurrency: 4, ...overrides }),
      );
      engines.push(engine);
      return engine;
    };
    // The proxies' own folder (INTEGRATION_DIR), so the script finds the instances it started and restarts the killed one.
    const restartOpenProxy = () =>
      execFileSync('bash', ['scripts/integration/dante.sh', 'up'], {
        stdio: 'ignore',
        env: { ...process.env, INTEGRATION_DIR: dirname(dirname(env.DANTE_PID_OPEN)) },
      });

    beforeAll(async () => {
      dns = await startDnsPeer({
        [domain]: { mx: [{ exchange: `mx.${domain}`, priority: 10 }], ttl: 300 },
        [`mx.${domain}`]: { a: [env.POSTFIX_SMTP_HOST], ttl: 300 },
        'firewalled.test': { mx: [{ exchange: 'mx.firewalled.test', priority: 10 }], ttl: 300 },
        'mx.firewalled.test': { a: ['127.0.0.1'], ttl: 300 },
      });
    });
    afterEach(async () => {
      await Promise.all(engines.splice(0).map((e) => e.close()));
    });
    afterAll(async () => {
      restartOpenProxy();
      await dns?.close();
    });

    describe('a SOCKS5 route', () => {
      let firewalled: SmtpPeer;
      beforeAll(async () => {
        // The MX takes connections from the open proxy's source address only: nothing else reaches it.
        firewalled = await startSmtpPeer({
          onlyClients: [env.DANTE_OPEN_SOURCE],
          domains: { 'firewalled.test': { recipients: { ann: accept() } } },
        });
      });
      afterAll(() => firewalled?.close());

      it('really goes out through the proxy: the MX that takes only the proxy answers, and the direct route cannot reach it', async () => {
        const routes = (first: object) => ({ routes: [first] });
        const viaProxy = new VerificationEngine(
          loopbackConfig(dns.server, firewalled.port, {
            routes: routesFrom(routes({ name: 'proxy', type: 'socks5', proxy: env.DANTE_OPEN_URL })),
          }),
        );
        const direct = new VerificationEngine(
          loopbackConfig(dns.server, firewalled.port, { routes: routesFrom(routes({ name: 'direct' })) }),
        );
        engines.push(viaProxy, direct);
        const verdicts = await viaProxy.verifyMany(['ann@firewalled.test', 'nobody@firewalled.test']);
        expect(verdicts.map((v) => [v.result, v.smtp?.route])).toEqual([
          ['ok', 'proxy'],
          ['invalid', 'proxy'],
        ]);
        expect((await direct.verify('ann@firewalled.test')).result).toBe('unknown');
      });

      it('with username authentication decides the real Postfix mailboxes', async () => {
        const engine = engineWith({ routes: [{ name: 'auth', type: 'socks5', proxy: env.DANTE_AUTH_URL }] });
        const addresses = list(0, 40);
        const verdicts = await engine.verifyMany(addresses, { mode: 'bulk' });
        expect(verdicts.map((v) => v.result)).toEqual(addresses.map(truth));
      });

      it('with wrong credentials is taken out everywhere, and the direct route answers instead', async () => {
        const wrong = env.DANTE_AUTH_URL.replace(/:[^:@]+@/, ':not-the-password@');
        const engine = engineWith({
          routes: [
            { name: 'auth', type: 'socks5', proxy: wrong },
            { name: 'clean', localAddress: env.POSTFIX_CLEAN_SOURCE },
          ],
        });
        const addresses = list(100, 30);
        const verdicts = await engine.verifyMany(addresses, { mode: 'bulk' });
        expect(verdicts.map((v) => v.result)).toEqual(addresses.map(truth));
        const [auth] = engine.egressReport();
        expect(auth).toMatchObject({
          state: 'out',
          quarantines: [expect.objectContaining({ reason: 'proxy_auth_failed' })],
        });
        expect(JSON.stringify(engine.egressReport())).not.toContain('mcproxy-loopback-only');
      });

      it('that refuses port 25 (SOCKS reply 0x02) answers unknown/no_route alone, never invalid', async () => {
        const engine = engineWith({ routes: [{ name: 'no25', type: 'socks5', proxy: env.DANTE_NO25_URL }] });
        const verdicts = await engine.verifyMany(list(200, 10), { mode: 'bulk' });
        expect(new Set(verdicts.map((v) => `${v.result}/${v.subResult}`))).toEqual(new Set(['unknown/no_route']));
        expect(engine.egressReport()[0].quarantines).toEqual([
          expect.objectContaining({ scope: '*', reason: 'proxy_refused' }),
        ]);
      });
    });

    describe('a route the real Postfix refuses by reputation', () => {
      it('gives each address its true verdict through the other route and quarantines the refused one for that MX', async () => {
        const engine = engineWith({
          routes: [
            { name: 'listed', localAddress: env.POSTFIX_BLOCKED_SOURCE },
            { name: 'clean', localAddress: env.POSTFIX_CLEAN_SOURCE },
          ],
        });
        const addresses = list(300, 60);
        const verdicts = await engine.verifyMany(addresses, { mode: 'bulk' });
        expect(verdicts.map((v) => v.result)).toEqual(addresses.map(truth));
        expect(new Set(verdicts.map((v) => v.smtp?.route))).toEqual(new Set(['clean']));
        const [listed] = engine.egressReport();
        expect(listed.quarantines).toEqual([
          expect.objectContaining({ scope: `mx:mx.${domain}`, reason: 'ip_blocked', state: 'quarantined' }),
        ]);
        expect(engine.routes[0].pool.opened).toBe(1);
      });

      it('answers unknown/ip_blocked with only that route, the 554 kept as evidence', async () => {
        const engine = engineWith({ routes: [{ name: 'listed', localAddress: env.POSTFIX_BLOCKED_SOURCE }] });
        const verdicts = await engine.verifyMany(list(400, 20), { mode: 'bulk' });
        for (const verdict of verdicts) expect([verdict.result, verdict.subResult]).toEqual(['unknown', 'ip_blocked']);
        expect(verdicts[0].smtp).toMatchObject({ code: 554, route: 'listed' });
      });
    });

    describe('a bulk job whose proxy is killed mid-job', () => {
      let app: TestApp;
      afterAll(async () => {
        await app?.close();
        restartOpenProxy();
      });

      it('completes on the routes left: every row decided right, none invalid by mistake, each charged once', async () => {
        app = await startTestApp({
          DNS_SERVERS: dns.server,
          SMTP_PROBE_PORT: String(port),
          SMTP_CONNECT_TIMEOUT_MS: '2000',
          SMTP_BANNER_TIMEOUT_MS: '2000',
          SMTP_COMMAND_TIMEOUT_MS: '2000',
          JOB_CHUNK_SIZE: '100',
          // Rows a broken session left undecided are asked again soon, not after the default 2 minutes.
          JOB_GREYLIST_RETRY_DELAYS_MS: '500,1000',
          SMTP_ROUTES: JSON.stringify({
            routes: [
              { name: 'proxy', type: 'socks5', proxy: env.DANTE_OPEN_URL, perMxConcurrency: 1 },
              { name: 'clean', localAddress: env.POSTFIX_CLEAN_SOURCE, perMxConcurrency: 1 },
            ],
          }),
        });
        const rows = list(1000, 3000);
        const { accountId, apiKey } = await app.createAccount(10_000);
        const jobId = await upload(app, apiKey, '/v1/jobs', `email\n${rows.join('\n')}\n`);
        const job = async () => (await app.request('GET', `/v1/jobs/${jobId}`, { key: apiKey })).body.data;
        await eventually(
          async () => {
            if ((await job()).progress.processedRows < 300) throw new Error('the job has not started probing yet');
          },
          { timeoutMs: 30_000, intervalMs: 20 },
        );
        process.kill(Number(readFileSync(env.DANTE_PID_OPEN, 'utf8').trim()), 'SIGKILL');
        await eventually(
          async () => {
            const now = await job();
            if (now.status !== 'Completed')
              throw new Error(`the job is still running: ${JSON.stringify(now.progress)}`);
          },
          { timeoutMs: 90_000, intervalMs: 200 },
        );
        const csv = (await app.request('GET', `/v1/jobs/${jobId}/download?columns=result,egressRoute`, { key: apiKey }))
          .text;
        const results = csv
          .trim()
          .split('\n')
          .slice(1)
          .map((line) => line.split(','));
        expect(results).toHaveLength(rows.length);
        expect(results.map(([email, result]) => result === truth(email))).not.toContain(false);
        const routesUsed = new Set(results.map(([, , route]) => route));
        expect(routesUsed).toEqual(new Set(['proxy', 'clean']));
        const charged = results.filter(([, result]) => result === 'ok' || result === 'invalid').length;
        const ledger = await ledgerState(app, accountId);
        expect(ledger).toMatchObject({ balance: 10_000 - charged, openHolds: 0 });
      }, 150_000);
    });
  },
);
