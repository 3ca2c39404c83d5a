import { eventuallyBalance, startVerifyWorld, VerifyWorld } from './verify-world';

describe('single verification input', () => {
  let world: VerifyWorld;
  let apiKey: string;
  beforeAll(async () => {
    world = await startVerifyWorld();
    apiKey = (await world.app.createAccount(5)).apiKey;
  });
  afterAll(async () => {
    await world?.close();
  });

  it.each([
    ['a missing email', {}, 1006],
    ['an empty email', { email: '' }, 1006],
    ['a blank email', { email: '   ' }, 1006],
    ['a number', { email: 42 }, 1006],
    ['an array', { email: ['a@acme.test'] }, 1006],
    ['null', { email: null }, 1006],
    ['a JSON array body', ['a@acme.test'], 1006],
    ['an over-long email', { email: `${'a'.repeat(600)}@acme.test` }, 1006],
  ])('refuses %s with 400 and charges nothing', async (_name, body, code) => {
    const res = await world.app.request('POST', '/v1/verify/single', { key: apiKey, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', data: null, error: { code, message: expect.any(String) } });
  });

  it('names the field in the validation message', async () => {
    const res = await world.app.request('POST', '/v1/verify/single', { key: apiKey, body: { email: 7 } });
    expect(res.body.error.message).toMatch(/^email/);
  });

  it('refuses a GET without the email query parameter', async () => {
    const res = await world.app.request('GET', '/v1/verify/single', { key: apiKey });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(1006);
  });

  it('refuses a form-encoded body with 415', async () => {
    const res = await world.app.request('POST', '/v1/verify/single', {
      key: apiKey,
      body: 'email=a@acme.test',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
  });

  it('refuses a request without a key with 401 before anything else', async () => {
    const res = await world.app.request('POST', '/v1/verify/single', { body: { email: 'a@acme.test' } });
    expect(res.status).toBe(401);
  });

  it('has charged nothing for any of it', async () => {
    expect(await eventuallyBalance(world.app, apiKey, 5)).toMatchObject({ balance: 5, held: 0 });
    expect(world.smtp.stats.rcpts).toHaveLength(0);
  });
});
