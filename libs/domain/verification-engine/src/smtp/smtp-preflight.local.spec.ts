import { createServer } from 'node:net';
import { accept, SmtpPeer, startSmtpPeer } from '../../../../../test/support/peers/smtp-peer';
import { loopbackConfig, mxZone, startEngineWorld } from '../../../../../test/support/engine-world';
import { smtpPreflight } from './smtp-preflight';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('port-25 preflight', () => {
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await startSmtpPeer({});
  });
  afterAll(async () => {
    await peer.close();
  });

  it('reports a reachable server with its banner', async () => {
    const result = await smtpPreflight(loopbackConfig('127.0.0.1:53', peer.port), '127.0.0.1', () => undefined);
    expect(result).toMatchObject({ reachable: true, state: 'open' });
    expect(result.detail).toContain('220');
  });

  it('says clearly when outbound SMTP is blocked (a refused or timed-out connection)', async () => {
    const logged: string[] = [];
    const result = await smtpPreflight(loopbackConfig('127.0.0.1:53', await closedPort()), '127.0.0.1', (m) =>
      logged.push(m),
    );
    expect(result).toMatchObject({ reachable: false, state: 'blocked' });
    expect(logged.join('\n')).toMatch(/port 25 is blocked by the network/);
  });

  it('resolves the host through the configured DNS servers, not the system resolver', async () => {
    const h = await startEngineWorld({ 'preflight.lab.test': { a: ['127.0.0.1'] } }, {});
    try {
      const result = await smtpPreflight(
        loopbackConfig(h.dns.server, h.smtp.port),
        'preflight.lab.test',
        () => undefined,
      );
      expect(result).toMatchObject({ reachable: true, state: 'open' });
    } finally {
      await h.stop();
    }
  });

  it('does not call port 25 blocked when the check itself cannot run (the host does not resolve)', async () => {
    const result = await smtpPreflight(
      loopbackConfig('127.0.0.1:53', peer.port),
      'preflight-host.invalid',
      () => undefined,
    );
    expect(result).toMatchObject({ reachable: false, state: 'unknown' });
  });
});

describe('a slow banner', () => {
  it('is waited for within the banner timeout rather than failing the probe', async () => {
    const zones = mxZone('slow.test', [['mx.slow.test', 10, '127.0.0.1']]);
    const h = await startEngineWorld(
      zones,
      { hosts: { '127.0.0.1': { bannerDelayMs: 1_200 } }, domains: { 'slow.test': { recipients: { ann: accept() } } } },
      { bannerTimeoutMs: 5_000, commandTimeoutMs: 1_000 },
    );
    try {
      expect((await h.engine.verify('ann@slow.test')).result).toBe('ok');
    } finally {
      await h.stop();
    }
  });
});
