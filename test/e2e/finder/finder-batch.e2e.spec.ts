import { EventStore } from '@lib/eventstore';
import { FinderWorld, startFinderWorld } from './finder-world';

describe('POST /v1/finder/batch', () => {
  let world: FinderWorld;

  beforeAll(async () => {
    world = await startFinderWorld();
  }, 30_000);
  afterAll(() => world.close());

  const batch = (key: string, contacts: unknown) =>
    world.app.request('POST', '/v1/finder/batch', { key, body: { contacts } });

  describe('with valid, invalid, snake_case and repeated contacts', () => {
    it('answers per item and sums the summary, charging 10 per distinct address found', async () => {
      const { apiKey } = await world.app.createAccount(1_000);
      const res = await batch(apiKey, [
        { firstName: 'Jane', lastName: 'Doe', domain: 'firstlast.test' },
        { first_name: 'Jane', last_name: 'Doe', domain: 'flast.test' },
        { firstName: 'Jane', domain: 'gmail.com' },
        { lastName: 'Doe', domain: 'first.test' },
        { firstName: 'Jane', lastName: 'Doe' },
        'not a contact',
        { firstName: 'Nobody', lastName: 'Here', domain: 'first.test' },
        { firstName: 'jane', lastName: 'doe', domain: 'FirstLast.test' },
      ]);
      expect(res.status).toBe(200);
      const { results, summary } = res.body.data;
      expect(results.map((r: { index: number }) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(results[0]).toMatchObject({
        email: 'jane.doe@firstlast.test',
        status: 'Found',
        creditsCharged: 10,
        error: null,
      });
      expect(results[1]).toMatchObject({
        input: { firstName: 'Jane', lastName: 'Doe', domain: 'flast.test' },
        email: 'jdoe@flast.test',
        creditsCharged: 10,
      });
      expect(results[2]).toMatchObject({ email: null, reason: 'unsupported_free_domain', creditsCharged: 0 });
      // A last name alone is a contact: first.test has no doe@, so a free miss.
      expect(results[3]).toMatchObject({
        input: { firstName: null, lastName: 'Doe' },
        status: 'Not Found',
        reason: 'not_found',
        creditsCharged: 0,
        error: null,
      });
      expect(results[4].error).toEqual({ code: 5001, message: expect.stringContaining('domain') });
      expect(results[5].error.code).toBe(5001);
      expect(results[6]).toMatchObject({ status: 'Not Found', reason: 'not_found', creditsCharged: 0 });
      // The same person at the same domain, differently cased: same answer, charged once.
      expect(results[7]).toMatchObject({ email: 'jane.doe@firstlast.test', creditsCharged: 0 });
      expect(summary).toEqual({
        total: 8,
        found: 3,
        notFound: 3,
        errors: 2,
        creditsCharged: 20,
        creditsRemaining: 980,
      });
    });
  });

  describe('with last-name-only contacts', () => {
    it('looks each up by last@ and charges them like any contact; a contact with no name or no domain is an item error', async () => {
      const account = await world.app.createAccount(100);
      const res = await batch(account.apiKey, [
        { lastName: 'Doe', domain: 'last.test' },
        { first_name: null, last_name: 'Müller', domain: 'https://www.last.test/' },
        { firstName: '', lastName: 'DOE', domain: 'Last.test' },
        { lastName: 'Doe', domain: 'catchall.test' },
        { lastName: 'Stone', domain: 'flast.test' },
        { firstName: null, lastName: null, domain: 'last.test' },
        { last_name: 'Doe' },
        { lastName: 'Jr.', domain: 'last.test' },
      ]);
      expect(res.status).toBe(200);
      const { results, summary } = res.body.data;
      expect(results[0]).toMatchObject({
        email: 'doe@last.test',
        status: 'Found',
        result: 'Ok',
        pattern: 'last',
        confidence: 85,
        creditsCharged: 10,
        error: null,
      });
      expect(results[1]).toMatchObject({
        input: { firstName: null, lastName: 'Müller' },
        email: 'mueller@last.test',
        pattern: 'last',
        creditsCharged: 10,
      });
      // The same surname at the same domain, however cased: one lookup, one charge.
      expect(results[2]).toMatchObject({ email: 'doe@last.test', creditsCharged: 0 });
      expect(results[3]).toMatchObject({
        email: 'doe@catchall.test',
        result: 'Catch-all',
        confidence: 21,
        creditsCharged: 10,
      });
      expect(results[4]).toMatchObject({ email: null, reason: 'not_found', creditsCharged: 0 });
      expect(results[5].error).toEqual({
        code: 5001,
        message: 'firstName: firstName or lastName is required: a contact needs a domain and at least one name',
      });
      expect(results[6].error).toEqual({ code: 5001, message: 'domain: domain is required' });
      expect(results[7].error).toEqual({ code: 5001, message: expect.stringMatching(/^lastName: no usable name/) });
      expect(summary).toEqual({ total: 8, found: 4, notFound: 1, errors: 3, creditsCharged: 30, creditsRemaining: 70 });
      const credits = await world.app.running.app.get(EventStore).readStream(`credits-${account.accountId}`);
      // One hold for the 4 distinct looked-up contacts, settled with 30.
      expect(credits.filter((e) => e.type === 'CreditsHeld').map((e) => (e.data as { amount: number }).amount)).toEqual(
        [40],
      );
      expect(credits.filter((e) => e.type === 'CreditsUsed').map((e) => (e.data as { amount: number }).amount)).toEqual(
        [30],
      );
    });
  });

  it('splits a whole name typed into firstName like a single call does', async () => {
    const { apiKey } = await world.app.createAccount(100);
    const res = await batch(apiKey, [
      { firstName: 'Jane Doe', domain: 'flast.test' },
      { first_name: 'Michael Doe', last_name: null, domain: 'nick.test' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.results[0]).toMatchObject({
      input: { firstName: 'Jane Doe', lastName: null },
      email: 'jdoe@flast.test',
      result: 'Ok',
    });
    expect(res.body.data.results[1]).toMatchObject({ email: 'mike.doe@nick.test', result: 'Ok' });
  });

  it('answers 402 before any probe when 10 x the valid contacts cannot be held', async () => {
    const { apiKey } = await world.app.createAccount(15);
    const before = world.rcptsFor('first.test').length;
    const res = await batch(apiKey, [
      { firstName: 'Jane', lastName: 'Doe', domain: 'first.test' },
      { firstName: 'Jim', lastName: 'Doe', domain: 'first.test' },
      { firstName: '', domain: 'first.test' },
    ]);
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe(2001);
    expect(world.rcptsFor('first.test').length).toBe(before);
  });

  it('needs no credits when every contact is invalid', async () => {
    const { apiKey } = await world.app.createAccount(0);
    const res = await batch(apiKey, [{ firstName: 'Jane' }]);
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toEqual({
      total: 1,
      found: 0,
      notFound: 0,
      errors: 1,
      creditsCharged: 0,
      creditsRemaining: 0,
    });
  });

  it('refuses 101 contacts with 400', async () => {
    const { apiKey } = await world.app.createAccount(10_000);
    const contacts = Array.from({ length: 101 }, (_, k) => ({ firstName: `P${k}`, domain: 'first.test' }));
    const res = await batch(apiKey, contacts);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(2101);
  });

  it('refuses a body without a contacts array with 400', async () => {
    const { apiKey } = await world.app.createAccount(10);
    const res = await world.app.request('POST', '/v1/finder/batch', { key: apiKey, body: { contacts: 'Jane' } });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('error');
  });

  it('refuses an empty contacts array with 400', async () => {
    const { apiKey } = await world.app.createAccount(10);
    const res = await batch(apiKey, []);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(2102);
  });
});
