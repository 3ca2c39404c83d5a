import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { eventually, present } from '@lib/common/testing';
import { AppProcess, killApp, startAppProcess } from '../../support/app-process';
import { startMailPeers, type MailPeers } from '../../support/peers/mail-peers';
import { ADMIN_TOKEN } from '../../support/test-app';
import { COMPANY_DOMAINS } from '../finder/finder-world';
import { DOMAINS } from '../jobs/jobs-world';

// Issue 39: at LOG_LEVEL=info the service logs no address and no name, whatever the calls carried (in a URL
// query, a JSON body, a list file): the app runs as a real process and its whole output is scanned.
describe('the logs at info level after a single, a batch, a job and a finder call', () => {
  let peers: MailPeers;
  let app: AppProcess;
  let url: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailcheck-logs-'));
  const addresses = ['alice@alpha.test', 'bob@alpha.test', 'carol@alpha.test', 'dave@alpha.test'];
  const person = { firstName: 'Jane', lastName: 'Doelittle', domain: 'flast.test' };

  beforeAll(async () => {
    peers = await startMailPeers({ ...DOMAINS, ...COMPANY_DOMAINS });
    app = startAppProcess({ ...peers.env, DATA_DIR: dataDir, ADMIN_TOKEN, LOG_LEVEL: 'info' });
    url = await app.listening();
  }, 150_000);
  afterAll(async () => {
    if (app) await killApp(app.child);
    await peers?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (method: string, route: string, key: string | null, body?: unknown) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: {
        ...(key ? { 'x-api-key': key } : { authorization: `Bearer ${ADMIN_TOKEN}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  it('holds none of the addresses, the name or the domain looked up', async () => {
    const { apiKey: key } = (await call('POST', '/admin/v1/accounts', null, { name: 'Logs', credits: 100 })).body.data;
    expect((await call('GET', `/v1/verify/single?email=${encodeURIComponent(addresses[0])}`, key)).status).toBe(200);
    expect((await call('POST', '/v1/verify/batch', key, { emails: addresses.slice(1, 3) })).status).toBe(200);
    expect((await call('POST', '/v1/verify/single', key, { email: 'not an address, erin@' })).status).toBe(200);
    expect((await call('POST', '/v1/finder', key, person)).status).toBe(200);
    const form = new FormData();
    form.append('file', new Blob([`email\r\n${addresses[3]}\r\n${addresses[0]}\r\n`]), 'list.csv');
    const upload = await fetch(`${url}/v1/jobs`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
    const jobId = ((await upload.json()) as any).data.id;
    await eventually(
      async () => present((await call('GET', `/v1/jobs/${jobId}`, key)).body.data.status === 'Completed', 'the job'),
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    // A call that fails on the way (a missing job) logs too.
    await call('GET', `/v1/jobs/1?email=${addresses[0]}`, key);

    const output = app.output();
    // The scan can fail: the log is there, at info, with the requests in it.
    expect(output).toMatch(/"level":"info"/);
    expect(output).toContain('/v1/verify/single');
    const lower = output.toLowerCase();
    for (const secret of [...addresses, ...addresses.map((a) => a.replace('@', '%40')), 'doelittle', person.domain])
      expect([secret, lower.includes(secret.toLowerCase())]).toEqual([secret, false]);
  }, 120_000);
});
