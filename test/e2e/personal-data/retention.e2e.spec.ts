import { EventStore } from '@lib/eventstore';
import { DataKeyStore, callsDayScope } from '@lib/personal-data';
import { HistoryRetentionSweeper, retentionStream } from '@lib/retention/testing';
import { startTestApp, TestApp } from '../../support/test-app';
import { DAY_MS, FakeClock } from '@lib/common/testing';
import { joinedMember, signedInUser } from '../dashboard/dashboard-users';

// Issue 39, retention the customer chooses: an event on the account's retention stream, within the
// operator's bounds, enforced by the worker's sweep through the same shredding as an erasure.
describe('retention the customer chooses', () => {
  const clock = FakeClock.running();
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    app = await startTestApp(
      { HISTORY_RETENTION_DAYS: '30', HISTORY_RETENTION_DAYS_MIN: '3', HISTORY_RETENTION_DAYS_MAX: '90' },
      { clock },
    );
    owner = await signedInUser(app);
  }, 60_000);
  afterAll(() => app?.close());

  describe('on the dashboard', () => {
    it("shows the operator's defaults and bounds until the team chooses", async () => {
      const res = await owner.browser.request('GET', '/dashboard/v1/retention');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        historyDays: 30,
        jobFilesDays: 30,
        chosen: false,
        bounds: { history: { min: 3, max: 90, default: 30 }, jobFiles: { min: 1, max: 90, default: 30 } },
      });
    });

    it('refuses a retention outside the bounds with 400, code 6020, naming the field and the bounds', async () => {
      const res = await owner.browser.request('PUT', '/dashboard/v1/retention', {
        body: { historyDays: 2, jobFilesDays: 7 },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 6020, field: 'historyDays', min: 3, max: 90 });
    });

    it('lets a member read it but not choose it (403, code 6010)', async () => {
      const member = await joinedMember(app, owner, 'member');
      expect((await member.browser.request('GET', '/dashboard/v1/retention')).status).toBe(200);
      const res = await member.browser.request('PUT', '/dashboard/v1/retention', {
        body: { historyDays: 7, jobFilesDays: 7 },
      });
      expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 403, code: 6010 });
    });

    it("records the owner's choice once, as an event of the team's retention stream", async () => {
      for (let n = 0; n < 2; n++) {
        const res = await owner.browser.request('PUT', '/dashboard/v1/retention', {
          body: { historyDays: 3, jobFilesDays: 14 },
        });
        expect(res.body.data).toMatchObject({ historyDays: 3, jobFilesDays: 14, chosen: true });
      }
      const events = await app.running.app.get(EventStore).readStream(retentionStream(owner.user.accountId));
      expect(events.map((e) => [e.type, e.data])).toEqual([
        [
          'RetentionChosen',
          {
            accountId: owner.user.accountId,
            historyDays: 3,
            jobFilesDays: 14,
            chosenBy: owner.user.userId,
            chosenAt: expect.any(String),
          },
        ],
      ]);
    });
  });

  describe('enforced by the worker', () => {
    it("shreds the team's calls older than 3 days and keeps another team's (30 days by default)", async () => {
      const key = (await owner.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'k' } })).body.data
        .apiKey;
      const other = await app.createAccount(10);
      const verify = (apiKey: string, email: string) =>
        app.request('POST', '/v1/verify/single', { key: apiKey, body: { email } });
      expect((await verify(key, 'not-an-address-of-ours')).status).toBe(200);
      expect((await verify(other.apiKey, 'not-an-address-of-theirs')).status).toBe(200);
      const day = clock.nowIso();
      const emails = async () =>
        (await app.running.app.get(EventStore).readAll({ eventTypes: ['EmailVerified'] })).map(
          (e) => e.data.result.email,
        );
      expect(await emails()).toEqual(expect.arrayContaining(['not-an-address-of-ours', 'not-an-address-of-theirs']));

      clock.advance(5 * DAY_MS);
      const sweeper = app.running.app.get(HistoryRetentionSweeper);
      expect(await sweeper.sweepOnce()).toBe(1);

      expect(await emails()).toContain('not-an-address-of-theirs');
      expect(await emails()).not.toContain('not-an-address-of-ours');
      const keys = app.running.app.get(DataKeyStore);
      expect((await keys.existing([callsDayScope(owner.user.accountId, day)])).size).toBe(0);
      expect((await keys.existing([callsDayScope(other.accountId, day)])).size).toBe(1);
      const records = await app.running.app.get(EventStore).readStream(retentionStream(owner.user.accountId));
      expect(records.filter((e) => e.type === 'HistoryRetentionEnforced').map((e) => e.data)).toEqual([
        {
          accountId: owner.user.accountId,
          historyDays: 3,
          scopes: [callsDayScope(owner.user.accountId, day)],
          enforcedAt: expect.any(String),
        },
      ]);
      expect(await sweeper.sweepOnce()).toBe(0);
    }, 30_000);
  });
});
