import { accept, greylist } from '../../support/peers/smtp-peer';
import type { TestApp } from '../../support/test-app';
import { startVerifyWorld, VerifyWorld } from './verify-world';

/** Labels that name the real obstacle, through the API against loopback DNS and SMTP peers. */
describe('verification labels through the API', () => {
  let world: VerifyWorld;
  let app: TestApp;

  beforeAll(async () => {
    // gnail.com is a typo-squat on the disposable lists; grey.test greylists every address but ann.
    world = await startVerifyWorld(
      { GREYLIST_RETRY_DELAYS_MS: '100,200' },
      {
        domains: {
          'gnail.com': { default: accept() },
          'grey.test': { default: greylist(1_000), recipients: { ann: accept() } },
        },
      },
    );
    app = world.app;
  });
  afterAll(() => world?.close());

  const verify = async (email: string) => {
    const { apiKey } = await app.createAccount(5);
    return (await app.request('POST', '/v1/verify/single', { key: apiKey, body: { email } })).body.data;
  };

  it('suggests gmail.com for jane.doe@gnail.com and keeps it disposable', async () => {
    expect(await verify('jane.doe@gnail.com')).toMatchObject({
      result: 'disposable',
      disposable: true,
      didYouMean: 'jane.doe@gmail.com',
      creditsCharged: 1,
    });
  });

  it('labels an accepted address whose catch-all probe stayed greylisted as greylisted, free', async () => {
    expect(await verify('ann@grey.test')).toMatchObject({
      result: 'unknown',
      subResult: 'greylisted',
      creditsCharged: 0,
    });
  });
});
