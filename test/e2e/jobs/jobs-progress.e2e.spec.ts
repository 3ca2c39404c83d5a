import { DnsPeer, startDnsPeer } from '../../peers/dns-peer';
import { reject, SmtpPeer, startSmtpPeer } from '../../peers/smtp-peer';
import { startTestApp, TestApp } from '../../support/test-app';
import { followStream, uploadJob } from './jobs-world';

const ADDRESSES = Array.from({ length: 120 }, (_, k) => `person${k}@slow.test`);

describe('progress of a job whose one chunk takes several seconds', () => {
  let smtp: SmtpPeer;
  let dns: DnsPeer;
  let app: TestApp;

  // 120 addresses fit one 200-address chunk; each RCPT is answered after 100 ms.
  beforeAll(async () => {
    smtp = await startSmtpPeer({ rcptDelayMs: 100, domains: { 'slow.test': { default: reject() } } });
    dns = await startDnsPeer({ 'slow.test': { mx: [{ exchange: 'mx.slow.test', priority: 10 }] }, 'mx.slow.test': { a: ['127.0.0.1'] } });
    app = await startTestApp({ DNS_SERVERS: dns.server, SMTP_PROBE_PORT: String(smtp.port) });
  }, 30_000);
  afterAll(async () => {
    await app?.close();
    await Promise.all([smtp?.close(), dns?.close()]);
  });

  it('streams row counts from inside the chunk, with an ETA from the observed rate, before the done event', async () => {
    const { apiKey: key } = await app.createAccount(200);
    const jobId = (await uploadJob(app, key, `email\n${ADDRESSES.join('\n')}\n`)).body.data.id;
    const { events } = await followStream(app, key, jobId, 60_000);

    const progress = events.filter((e) => e.event === 'progress').map((e) => e.data);
    const midway = progress.filter((p) => p.status === 'Processing' && p.progress.processedRows > 0 && p.progress.processedRows < 120);
    expect(midway.length).toBeGreaterThan(0);
    expect(midway.every((p) => typeof p.etaSeconds === 'number')).toBe(true);
    const counts = progress.map((p) => p.progress.processedRows);
    expect(counts).toEqual([...counts].sort((a, b) => a - b)); // never goes back
    expect(events[events.length - 1]).toMatchObject({ event: 'done', data: { status: 'Completed', progress: { processedRows: 120, percent: 100 }, etaSeconds: 0 } });
  }, 90_000);
});
