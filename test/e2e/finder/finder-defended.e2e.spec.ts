import { accept, postfixDefaults, reject } from '../../support/peers/smtp-peer';
import { MailPeers, startMailPeers } from '../../support/peers/mail-peers';
import { startTestApp, TestApp } from '../../support/test-app';
import { creditEvents, waitForKnownAddress } from './finder-world';

/**
 * The finder against an MX that defends itself as a stock Postfix does (smtpd_soft_error_limit 10 with a
 * 1 s error sleep, smtpd_hard_error_limit 20 then 421): a company whose addresses are first initial, dot,
 * last name, a rare format that comes after the common ones and after the nicknames of a Robert (rob.,
 * bob.), and a company that uses the surname alone.
 */
const COMPANIES = {
  'initials.test': { default: reject(), recipients: { 'r.paulson': accept(), 'm.singer': accept() } },
  'surnames.test': { default: reject(), recipients: { singer: accept() } },
};

describe('finder on a Postfix-like server', () => {
  let peers: MailPeers;
  let app: TestApp;

  beforeAll(async () => {
    peers = await startMailPeers(COMPANIES, { smtp: { defences: postfixDefaults() } });
    app = await startTestApp(peers.env);
  }, 30_000);
  afterAll(async () => {
    await app.close();
    await peers.close();
  });

  const find = (body: unknown, apiKey: string) => app.request('POST', '/v1/finder', { key: apiKey, body });
  const rcptsFor = (domain: string) =>
    peers.smtp.stats.rcpts.map((r) => r.address.toLowerCase()).filter((a) => a.endsWith(`@${domain}`));
  const charges = async (accountId: string) =>
    (await creditEvents(app, accountId)).filter((e) => e.type === 'CreditsUsed').map((e) => e.amount);

  it('reaches the f.last address past the common formats and the nicknames, within the error limits, and charges 10', async () => {
    const account = await app.createAccount(100);
    const res = await find({ firstName: 'Robert', lastName: 'Paulson', domain: 'initials.test' }, account.apiKey);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      email: 'r.paulson@initials.test',
      status: 'Found',
      result: 'Ok',
      pattern: 'f.last',
      creditsCharged: 10,
      creditsRemaining: 90,
    });
    const probed = rcptsFor('initials.test');
    expect(probed.slice(0, 3)).toEqual([
      'robert.paulson@initials.test',
      'rpaulson@initials.test',
      'robert@initials.test',
    ]);
    expect(probed.indexOf('r.paulson@initials.test')).toBeGreaterThanOrEqual(8);
    const { defences } = peers.smtp.stats;
    expect(defences.maxErrorsInSession).toBeLessThanOrEqual(8);
    expect(defences.delayedReplies).toBe(0);
    expect(defences.errorDisconnects).toBe(0);
    expect(await charges(account.accountId)).toEqual([10]);
  });

  it("tries the domain's learned format first for the next colleague: one RCPT", async () => {
    await waitForKnownAddress({ app }, 'initials.test');
    const account = await app.createAccount(100);
    const before = rcptsFor('initials.test').length;
    const res = await find({ firstName: 'Marla', lastName: 'Singer', domain: 'initials.test' }, account.apiKey);
    expect(res.body.data).toMatchObject({ email: 'm.singer@initials.test', pattern: 'f.last', creditsCharged: 10 });
    expect(rcptsFor('initials.test').slice(before)).toEqual(['m.singer@initials.test']);
  });

  describe('with a last name only', () => {
    it('finds last@ and charges 10 once', async () => {
      const account = await app.createAccount(100);
      const res = await find({ lastName: 'Singer', domain: 'surnames.test' }, account.apiKey);
      expect(res.body.data).toMatchObject({
        email: 'singer@surnames.test',
        result: 'Ok',
        pattern: 'last',
        creditsCharged: 10,
        creditsRemaining: 90,
      });
      expect(res.body.data.confidence).toBeLessThan(90);
      expect(await charges(account.accountId)).toEqual([10]);
    });

    it('is a free miss where the company uses a format that needs the first name', async () => {
      const account = await app.createAccount(100);
      const before = rcptsFor('initials.test').length;
      const res = await find({ lastName: 'Durden', domain: 'initials.test' }, account.apiKey);
      expect(res.body.data).toMatchObject({
        email: null,
        status: 'Not Found',
        reason: 'not_found',
        creditsCharged: 0,
        creditsRemaining: 100,
      });
      expect(rcptsFor('initials.test').slice(before)).toEqual(['durden@initials.test']);
      expect(await charges(account.accountId)).toEqual([]);
    });
  });
});
