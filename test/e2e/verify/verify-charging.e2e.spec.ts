import { EventStore } from '@lib/eventstore';
import { ADDRESSES, eventuallyBalance, startVerifyWorld, VerifyWorld } from './verify-world';

const RESULT_FIELDS = [
  'email',
  'result',
  'resultCode',
  'subResult',
  'quality',
  'free',
  'role',
  'disposable',
  'catchAll',
  'didYouMean',
  'provider',
  'antiSpam',
  'riskScore',
  'creditsCharged',
  'creditsRemaining',
  'executionMs',
  'retryAfterMs',
];

describe('single verification charging', () => {
  let world: VerifyWorld;
  beforeAll(async () => {
    world = await startVerifyWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  const verify = (key: string, email: unknown) =>
    world.app.request('POST', '/v1/verify/single', { key, body: { email } });

  describe.each([
    ['ok', ADDRESSES.ok, 1, 1],
    ['invalid', ADDRESSES.invalid, 6, 1],
    ['catch_all', ADDRESSES.catchAll, 2, 1],
    ['disposable', ADDRESSES.disposable, 5, 1],
    ['unknown', ADDRESSES.unknown, 3, 0],
  ])('when the result is %s', (result, email, resultCode, cost) => {
    it(`charges ${cost} credit(s) and reports the balance after the call`, async () => {
      const { apiKey } = await world.app.createAccount(10);
      const res = await verify(apiKey, email);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'success', error: null });
      expect(Object.keys(res.body.data)).toEqual(RESULT_FIELDS);
      expect(res.body.data).toMatchObject({
        email,
        result,
        resultCode,
        creditsCharged: cost,
        creditsRemaining: 10 - cost,
      });
      expect(Number.isInteger(res.body.data.executionMs)).toBe(true);
      expect(await eventuallyBalance(world.app, apiKey, 10 - cost)).toMatchObject({
        balance: 10 - cost,
        held: 0,
        available: 10 - cost,
      });
    });
  });

  it('charges 1 for a syntactically invalid address, which the spec counts as invalid', async () => {
    const { apiKey } = await world.app.createAccount(3);
    const res = await verify(apiKey, 'not-an-address');
    expect(res.body.data).toMatchObject({
      result: 'invalid',
      subResult: 'invalid_syntax',
      creditsCharged: 1,
      creditsRemaining: 2,
    });
  });

  it('answers GET like POST and accepts the key as a query parameter', async () => {
    const { apiKey } = await world.app.createAccount(5);
    const post = await verify(apiKey, ADDRESSES.ok);
    const get = await world.app.request(
      'GET',
      `/v1/verify/single?email=${encodeURIComponent(ADDRESSES.ok)}&X-API-KEY=${encodeURIComponent(apiKey)}`,
    );
    expect(get.status).toBe(200);
    const { executionMs: _a, creditsRemaining: _b, ...postRest } = post.body.data;
    const { executionMs: _c, creditsRemaining: remaining, ...getRest } = get.body.data;
    expect(getRest).toEqual(postRest);
    expect(remaining).toBe(3);
  });

  describe('when the balance cannot pay', () => {
    it('answers 402 with code 2001 and probes nothing', async () => {
      const { apiKey } = await world.app.createAccount(0);
      const before = world.smtp.stats.rcpts.length;
      const res = await verify(apiKey, 'dave@acme.test');
      expect(res.status).toBe(402);
      expect(res.body).toEqual({ status: 'error', data: null, error: { code: 2001, message: expect.any(String) } });
      expect(world.smtp.stats.rcpts.length).toBe(before);
    });
  });

  it("lets a member key spend the owner's credits", async () => {
    const owner = await world.app.createAccount(4);
    const member = await world.admin('POST', `/admin/v1/accounts/${owner.accountId}/keys`, { label: 'crm' });
    const res = await verify(member.body.data.apiKey, ADDRESSES.ok);
    expect(res.body.data).toMatchObject({ creditsCharged: 1, creditsRemaining: 3 });
    expect(await eventuallyBalance(world.app, owner.apiKey, 3)).toMatchObject({ balance: 3 });
  });

  it('records every verification as an event carrying the full result', async () => {
    const { accountId, apiKey } = await world.app.createAccount(2);
    const res = await verify(apiKey, ADDRESSES.catchAll);
    const events = await world.app.running.app.get(EventStore).readAll({ eventTypes: ['EmailVerified'] });
    const mine = events.filter((e) => e.data.accountId === accountId);
    expect(mine).toHaveLength(1);
    expect(mine[0].streamId).toMatch(/^verifications-/);
    // retryAfterMs is answered from the recorded verdict (as the evidence is), not stored in the result.
    const { retryAfterMs, ...answered } = res.body.data;
    expect(mine[0].data.result).toEqual(answered);
    expect(mine[0].data.verdict).toMatchObject({ result: 'catch_all', domain: 'catchall.test' });
    expect(mine[0].data.verdict.retryAfterMs).toBeUndefined();
    expect(retryAfterMs).toBeNull();
  });

  it('lists the charges as Used transactions pointing at the verification', async () => {
    const { apiKey } = await world.app.createAccount(5);
    await verify(apiKey, ADDRESSES.ok);
    await verify(apiKey, ADDRESSES.unknown);
    await eventuallyBalance(world.app, apiKey, 4);
    const res = await world.app.request('GET', '/v1/credits/transactions?type=Used', { key: apiKey });
    expect(res.body.data.items).toHaveLength(1);
    expect(res.body.data.items[0]).toMatchObject({
      type: 'Used',
      amount: -1,
      balanceAfter: 4,
      purpose: 'verification',
    });
  });
});
