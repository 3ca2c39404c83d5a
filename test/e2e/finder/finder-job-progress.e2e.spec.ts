import { MailPeers, startMailPeers } from '../../support/peers/mail-peers';
import { reject } from '../../support/peers/smtp-peer';
import { startTestApp, TestApp } from '../../support/test-app';
import { expectLiveProgress, followStream } from '../jobs/jobs-world';

/** 12 people at one company whose server rejects every mailbox, answering each RCPT after 150 ms. */
const PEOPLE = Array.from(
  { length: 12 },
  (_, k) => `Person${String.fromCharCode(97 + k)},Tester${String.fromCharCode(97 + k)},slowco.test`,
);

describe('progress of a finder job whose one chunk takes several seconds', () => {
  let peers: MailPeers;
  let app: TestApp;

  beforeAll(async () => {
    peers = await startMailPeers({ 'slowco.test': { default: reject() } }, { smtp: { rcptDelayMs: 150 } });
    app = await startTestApp(peers.env);
  }, 30_000);
  afterAll(async () => {
    await app?.close();
    await peers?.close();
  });

  it('streams the people answered inside the chunk, with an ETA from the observed rate, before the done event', async () => {
    const { apiKey } = await app.createAccount(200);
    const form = new FormData();
    form.append('file', new Blob([`first_name,last_name,domain\n${PEOPLE.join('\n')}\n`]), 'people.csv');
    const created = (await (
      await fetch(`${app.url}/v1/finder/jobs`, { method: 'POST', headers: { 'x-api-key': apiKey }, body: form })
    ).json()) as any;
    expect(created.data).toMatchObject({ counts: { rows: 12, contacts: 12 } });
    const { events } = await followStream(app, apiKey, created.data.id, 90_000, '/v1/finder/jobs');

    // 12 people fit one 20-person chunk: any count between 0 and 12 comes from inside it.
    expect(expectLiveProgress(events, 12)).toMatchObject({ creditsCharged: 0 });
  }, 120_000);
});
