import * as fs from 'node:fs';
import * as path from 'node:path';
import { EventStore } from '@lib/eventstore';
import { ADDRESSES, startVerifyWorld, VerifyWorld } from './verify-world';

/**
 * EmailVerified and BatchVerified are stored forever: the JSON the API's calls store must stay the same,
 * key for key and in the same order, whatever the code that builds it becomes. The fixture was taken from
 * the store before the payload types were last reshaped; what differs between runs (ids, times, durations)
 * is replaced by a placeholder, everything else compares as text.
 */
const FIXTURE = path.join(__dirname, 'fixtures', 'verification-events.stored.json');
const VARYING = new Set(['verificationId', 'accountId', 'keyId', 'at', 'executionMs']);

const asStored = (data: unknown): string =>
  JSON.stringify(data, (key, value) => (VARYING.has(key) ? `<${key}>` : value), 2);

describe('verification events as stored', () => {
  let world: VerifyWorld;
  beforeAll(async () => {
    world = await startVerifyWorld();
  });
  afterAll(() => world?.close());

  it('stores single and batch verifications in the JSON shape they were always stored in', async () => {
    const { accountId, apiKey } = await world.app.createAccount(20);
    await world.app.request('POST', '/v1/verify/single', { key: apiKey, body: { email: ADDRESSES.catchAll } });
    await world.app.request('POST', '/v1/verify/batch', {
      key: apiKey,
      body: { emails: [ADDRESSES.ok, ADDRESSES.invalid, ` ${ADDRESSES.ok} `, ADDRESSES.disposable] },
    });
    const events = await world.app.running.app
      .get(EventStore)
      .readAll({ eventTypes: ['EmailVerified', 'BatchVerified'] });
    const stored = Object.fromEntries(
      events.filter((e) => e.data.accountId === accountId).map((e) => [e.type, JSON.parse(asStored(e.data))]),
    );
    const expected = JSON.parse(fs.readFileSync(FIXTURE, 'utf8'));
    expect(Object.keys(stored).sort()).toEqual(['BatchVerified', 'EmailVerified']);
    for (const type of ['EmailVerified', 'BatchVerified'])
      expect(asStored(stored[type])).toBe(asStored(expected[type]));
  });

  it('keeps the addresses sealed in the log itself: its files hold none of them (issue 39)', async () => {
    const { apiKey } = await world.app.createAccount(20);
    const address = 'sealed.Person@acme.test';
    await world.app.request('POST', '/v1/verify/single', { key: apiKey, body: { email: address } });
    await world.app.request('POST', '/v1/verify/batch', { key: apiKey, body: { emails: [address, ADDRESSES.ok] } });
    const events = await world.app.running.app.get(EventStore).readAll({ eventTypes: ['EmailVerified'] });
    expect(events.some((e) => e.data.result.email === address)).toBe(true);
    const log = fs
      .readdirSync(world.app.dataDir)
      .filter((name) => name.startsWith('events.sqlite'))
      .map((name) => fs.readFileSync(path.join(world.app.dataDir, name)).toString('latin1').toLowerCase());
    expect(log.length).toBeGreaterThan(0);
    expect(log.some((bytes) => bytes.includes('sealed.person'))).toBe(false);
    expect(log.some((bytes) => bytes.includes('verificationid'))).toBe(true);
  });
});
