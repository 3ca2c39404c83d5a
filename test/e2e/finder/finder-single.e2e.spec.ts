import { eventually } from '@lib/common/testing';
import { ReadStore } from '@lib/readstore';
import { USAGE_FACTS_COLLECTION, UsageFactDoc } from '@lib/usage/testing';
import { creditEvents, FinderWorld, startFinderWorld, waitForKnownAddress } from './finder-world';

describe('POST /v1/finder', () => {
  let world: FinderWorld;
  let key: string;

  beforeAll(async () => {
    world = await startFinderWorld();
    key = (await world.app.createAccount(1_000)).apiKey;
  }, 30_000);
  afterAll(() => world.close());

  const find = (body: unknown, apiKey = key, route = '/v1/finder') =>
    world.app.request('POST', route, { key: apiKey, body });

  describe.each([
    ['first.last', 'firstlast.test', 'jane.doe@firstlast.test'],
    ['flast', 'flast.test', 'jdoe@flast.test'],
    ['first', 'first.test', 'jane@first.test'],
  ])('on a company using %s', (pattern, domain, expected) => {
    it('returns the confirmed address and charges 10 credits', async () => {
      const res = await find({ firstName: 'Jane', lastName: 'Doe', domain });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('success');
      expect(res.body.data).toMatchObject({
        email: expected,
        status: 'Found',
        result: 'Ok',
        quality: 'Good',
        reason: 'found',
        pattern,
        creditsCharged: 10,
      });
      expect(res.body.data.confidence).toBeGreaterThanOrEqual(85);
    });
  });

  it('answers /v1/finder/single exactly like /v1/finder', async () => {
    const res = await find(
      { firstName: 'Jane', lastName: 'Doe', domain: 'https://www.flast.test/about' },
      key,
      '/v1/finder/single',
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: 'jdoe@flast.test', status: 'Found', creditsCharged: 10 });
  });

  it('finds José Müller under the German transliteration (jmueller)', async () => {
    const res = await find({ firstName: 'José', lastName: 'Müller', domain: 'umlaut.test' });
    expect(res.body.data).toMatchObject({ email: 'jmueller@umlaut.test', result: 'Ok', pattern: 'flast' });
  });

  it('finds Anna van der Berg whose mailbox drops the particle (aberg)', async () => {
    const res = await find({ firstName: 'Anna', lastName: 'van der Berg', domain: 'particle.test' });
    expect(res.body.data).toMatchObject({ email: 'aberg@particle.test', result: 'Ok' });
  });

  it('finds Michael Doe under his nickname (mike.doe) once his own spelling is rejected', async () => {
    const res = await find({ firstName: 'Michael', lastName: 'Doe', domain: 'nick.test' });
    expect(res.body.data).toMatchObject({
      email: 'mike.doe@nick.test',
      status: 'Found',
      result: 'Ok',
      pattern: 'first.last',
      creditsCharged: 10,
    });
    const probed = world.rcptsFor('nick.test');
    expect(probed.indexOf('mike.doe@nick.test')).toBeGreaterThan(probed.indexOf('michael.doe@nick.test'));
    expect(probed).toContain('michael.doe@nick.test');
  });

  describe('when the whole name is typed into firstName and lastName is missing', () => {
    it.each([
      [{ firstName: 'Jane Doe', domain: 'firstlast.test' }, 'jane.doe@firstlast.test'],
      [{ firstName: 'Dr. Anna van der Berg', lastName: null, domain: 'particle.test' }, 'aberg@particle.test'],
      [{ firstName: 'José Müller', lastName: '', domain: 'umlaut.test' }, 'jmueller@umlaut.test'],
    ])('reads %j as given and family name and finds %s', async (body, expected) => {
      const res = await find(body);
      expect(res.body.data).toMatchObject({ email: expected, status: 'Found', result: 'Ok' });
    });
  });

  it('returns the likeliest candidate on a catch-all domain, with lower confidence', async () => {
    const res = await find({ firstName: 'Jane', lastName: 'Doe', domain: 'catchall.test' });
    expect(res.body.data).toMatchObject({
      email: 'jane.doe@catchall.test',
      status: 'Found',
      result: 'Catch-all',
      quality: 'Risky',
      reason: 'catch_all',
      creditsCharged: 10,
    });
    expect(res.body.data.confidence).toBeLessThan(85);
  });

  it('refuses a free consumer domain without probing or charging', async () => {
    const before = world.smtp.stats.rcpts.length;
    const res = await find({ firstName: 'Jane', lastName: 'Doe', domain: 'gmail.com' });
    expect(res.body.data).toMatchObject({
      email: null,
      status: 'Not Found',
      reason: 'unsupported_free_domain',
      creditsCharged: 0,
      confidence: 0,
    });
    expect(world.smtp.stats.rcpts.length).toBe(before);
  });

  it('reports a domain without MX as a free miss', async () => {
    const res = await find({ firstName: 'Jane', lastName: 'Doe', domain: 'nomx.test' });
    expect(res.body.data).toMatchObject({
      email: null,
      status: 'Not Found',
      reason: 'no_mail_server',
      quality: 'Bad',
      creditsCharged: 0,
    });
  });

  it('reports a miss for free when every candidate is rejected', async () => {
    const first = await find({ firstName: 'Nobody', lastName: 'Here', domain: 'flast.test' });
    expect(first.body.data).toMatchObject({ email: null, status: 'Not Found', reason: 'not_found', creditsCharged: 0 });
    const second = await find({ firstName: 'Nobody', lastName: 'Here', domain: 'flast.test' });
    expect(second.body.data.creditsRemaining).toBe(first.body.data.creditsRemaining);
  });

  describe('with a last name only (a contact needs a domain and at least one name)', () => {
    it('probes only last@, returns the confirmed address at the foot of the Ok band and charges 10 credits', async () => {
      const account = await world.app.createAccount(100);
      const before = world.rcptsFor('last.test').length;
      const res = await find({ lastName: 'Doe', domain: 'last.test' }, account.apiKey);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        email: 'doe@last.test',
        status: 'Found',
        result: 'Ok',
        quality: 'Good',
        reason: 'found',
        pattern: 'last',
        confidence: 85,
        creditsCharged: 10,
        creditsRemaining: 90,
      });
      // Besides the engine's made-up <random>-nx@ address that tells a catch-all apart, only the one candidate.
      const probed = world.rcptsFor('last.test').slice(before);
      expect(probed.filter((address) => !address.endsWith('-nx@last.test'))).toEqual(['doe@last.test']);
      expect((await creditEvents(world.app, account.accountId)).filter((e) => e.type === 'CreditsUsed')).toEqual([
        { type: 'CreditsUsed', amount: 10 },
      ]);
    });

    it('tries each surname spelling: mueller after muller, with firstName null or blank', async () => {
      for (const body of [
        { firstName: null, lastName: 'Müller', domain: 'last.test' },
        { firstName: '  ', lastName: 'Müller', domain: 'https://www.last.test/' },
      ]) {
        const res = await find(body, key, '/v1/finder/single');
        expect(res.body.data).toMatchObject({
          email: 'mueller@last.test',
          result: 'Ok',
          pattern: 'last',
          creditsCharged: 10,
        });
      }
    });

    it('scores a catch-all guess below what a full name gets on the same domain', async () => {
      const alone = await find({ lastName: 'Doe', domain: 'catchall.test' });
      const full = await find({ firstName: 'Jane', lastName: 'Doe', domain: 'catchall.test' });
      expect(alone.body.data).toMatchObject({
        email: 'doe@catchall.test',
        result: 'Catch-all',
        pattern: 'last',
        confidence: 21,
        creditsCharged: 10,
      });
      expect(alone.body.data.confidence).toBeLessThan(full.body.data.confidence);
    });

    it('is a free miss when the server rejects last@', async () => {
      const account = await world.app.createAccount(10);
      const res = await find({ lastName: 'Doe', domain: 'flast.test' }, account.apiKey);
      expect(res.body.data).toMatchObject({
        email: null,
        status: 'Not Found',
        reason: 'not_found',
        creditsCharged: 0,
        creditsRemaining: 10,
      });
    });

    it.each([
      [
        { domain: 'last.test' },
        'firstName: firstName or lastName is required: a contact needs a domain and at least one name',
      ],
      [
        { firstName: null, lastName: '', domain: 'last.test' },
        'firstName: firstName or lastName is required: a contact needs a domain and at least one name',
      ],
      [{ lastName: 'Jr.', domain: 'last.test' }, expect.stringMatching(/^lastName: no usable name/)],
      [{ lastName: 'Doe' }, 'domain: domain is required'],
      [{ lastName: 'Doe', domain: 'not a domain' }, expect.stringMatching(/^domain: /)],
    ])('refuses %j with 400 and code 5001, probing and charging nothing', async (body, message) => {
      const account = await world.app.createAccount(10);
      const before = world.smtp.stats.rcpts.length;
      const res = await find(body, account.apiKey);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: 'error', data: null, error: { code: 5001, message } });
      expect(world.smtp.stats.rcpts.length).toBe(before);
      expect((await creditEvents(world.app, account.accountId)).map((e) => e.type)).toEqual(['CreditsAdded']);
    });
  });

  it('rejects an unusable domain with 400 and code 5001', async () => {
    const res = await find({ firstName: 'Jane', domain: 'not a domain' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(5001);
  });

  it('answers 402 before any probe when 10 credits cannot be held', async () => {
    const poor = await world.app.createAccount(9);
    const before = world.rcptsFor('first.test').length;
    const res = await find({ firstName: 'Jane', lastName: 'Doe', domain: 'first.test' }, poor.apiKey);
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe(2001);
    expect(world.rcptsFor('first.test').length).toBe(before);
  });

  it('answers 401 without an API key', async () => {
    const res = await world.app.request('POST', '/v1/finder', { body: { firstName: 'Jane', domain: 'first.test' } });
    expect(res.status).toBe(401);
  });

  describe('when a domain format was confirmed earlier', () => {
    it('returns the known format for a mailbox the server will not confirm, as Unknown', async () => {
      const learned = await find({ firstName: 'Bob', lastName: 'Stone', domain: 'learns.test' });
      expect(learned.body.data).toMatchObject({ email: 'bob.stone@learns.test', result: 'Ok' });
      await waitForKnownAddress(world, 'learns.test');
      const res = await find({ firstName: 'Carol', lastName: 'White', domain: 'learns.test' });
      expect(res.body.data).toMatchObject({
        email: 'carol.white@learns.test',
        status: 'Found',
        result: 'Unknown',
        reason: 'known_format_unverified',
        pattern: 'first.last',
        creditsCharged: 10,
      });
      expect(res.body.data.confidence).toBeLessThanOrEqual(50);
    });
  });

  it('records the call under the key that made it, so usage analytics attribute it', async () => {
    const account = await world.app.createAccount(100);
    const res = await find({ firstName: 'Jane', lastName: 'Doe', domain: 'flast.test' }, account.apiKey);
    expect(res.status).toBe(200);
    const facts = world.app.running.app.get(ReadStore).collection<UsageFactDoc>(USAGE_FACTS_COLLECTION);
    await eventually(
      async () =>
        expect(await facts.find({ filter: { accountId: account.accountId } })).toEqual([
          expect.objectContaining({
            kind: 'finder',
            keyId: account.keyId,
            calls: 1,
            credits: 10,
            byResult: { found: 1 },
          }),
        ]),
      { timeoutMs: 10_000, intervalMs: 50 },
    );
  });
});
