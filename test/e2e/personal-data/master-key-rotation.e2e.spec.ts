import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { EventStore } from '@lib/eventstore';
import { runAdminWith } from '../../support/app-process';
import { startTestApp } from '../../support/test-app';

// Issue 39: the master key wraps every data key; a rotation rewraps them and the sealed log still opens.
describe('master key rotation', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailcheck-rotation-'));
  const [oldKey, newKey] = [randomBytes(32).toString('base64'), randomBytes(32).toString('base64')];
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const emailsRead = async (masterKey: string) => {
    const app = await startTestApp({ DATA_MASTER_KEY: masterKey }, { dataDir });
    try {
      const events = await app.running.app.get(EventStore).readAll({ eventTypes: ['EmailVerified'] });
      return events.map((event) => event.data.result.email);
    } finally {
      await app.close();
    }
  };

  it('rewraps every data key under the new master key, after which the old one is no longer needed', async () => {
    const app = await startTestApp({ DATA_MASTER_KEY: oldKey }, { dataDir });
    const { apiKey } = await app.createAccount(10);
    await app.request('POST', '/v1/verify/single', { key: apiKey, body: { email: 'not-an-address' } });
    await app.close();

    await expect(emailsRead(newKey)).rejects.toThrow(/unknown master key/);
    const rotated = await runAdminWith(
      { DATA_DIR: dataDir, DATA_MASTER_KEY: newKey, DATA_MASTER_KEYS_PREVIOUS: oldKey },
      'rewrap-data-keys',
    );
    expect(rotated).toMatchObject({ code: 0, json: { rewrapped: 3 } }); // the account's pepper, its day, the address
    expect(await emailsRead(newKey)).toEqual(['not-an-address']);
  }, 120_000);
});
