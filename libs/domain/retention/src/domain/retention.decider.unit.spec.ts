import { deciderSpec } from '@lib/common/testing';
import { retentionDecider } from './retention.decider';
import type { ChooseRetention, EnforceHistoryRetention } from './retention.commands';
import type { RetentionChosen } from './retention.events';
import { dueDayScopes, parseDayScope } from './day-scopes';

const given = deciderSpec(retentionDecider);
const bounds = { history: { min: 3, max: 90, default: 30 }, jobFiles: { min: 7, max: 30, default: 30 } };
const at = '2026-11-28T14:00:00.000Z';
const choose = (historyDays: number, jobFilesDays: number): ChooseRetention => ({
  type: 'ChooseRetention',
  accountId: 'a1',
  historyDays,
  jobFilesDays,
  bounds,
  chosenBy: 'u1',
  at,
});
const chosen = (historyDays: number, jobFilesDays: number): RetentionChosen => ({
  type: 'RetentionChosen',
  data: { accountId: 'a1', historyDays, jobFilesDays, chosenBy: 'u1', chosenAt: at },
});
const enforce = (scopes: string[]): EnforceHistoryRetention => ({
  type: 'EnforceHistoryRetention',
  accountId: 'a1',
  historyDays: 3,
  scopes,
  at,
});

describe('retention', () => {
  describe('when an account chooses', () => {
    it('records a choice within the bounds', () =>
      given([])
        .when(choose(7, 14))
        .then([chosen(7, 14)]));
    it('records nothing when the choice is the one in force', () =>
      given([chosen(7, 14)])
        .when(choose(7, 14))
        .then([]));
    it('records a change', () =>
      given([chosen(7, 14)])
        .when(choose(3, 14))
        .then([chosen(3, 14)]));
    it('refuses a history retention below the minimum', () =>
      given([]).when(choose(2, 14)).thenThrows('RETENTION_OUT_OF_BOUNDS'));
    it('refuses a job files retention above the maximum', () =>
      given([]).when(choose(7, 31)).thenThrows('RETENTION_OUT_OF_BOUNDS'));
  });

  describe('when the worker enforces the history retention', () => {
    const days = ['account:a1:calls:2026-11-20', 'account:a1:finder:2026-11-21'];
    it('records the scopes it shreds', () =>
      given([])
        .when(enforce(days))
        .then([
          {
            type: 'HistoryRetentionEnforced',
            data: { accountId: 'a1', historyDays: 3, scopes: days, enforcedAt: at },
          },
        ]));
    it('records a scope only once, however often the sweep finds it (a crash before the keys went)', () => {
      const first = given([]).when(enforce(days)).events();
      given(first).when(enforce(days)).then([]);
      given(first)
        .when(enforce([...days, 'account:a1:calls:2026-11-22']))
        .then([
          expect.objectContaining({ data: expect.objectContaining({ scopes: ['account:a1:calls:2026-11-22'] }) }),
        ]);
    });
  });
});

describe('day scopes', () => {
  const scopes = ['2026-11-24', '2026-11-25', '2026-11-28'].map((day) => parseDayScope(`account:a:1:calls:${day}`)!);
  it('reads back whose, which kind and which day a scope is', () => {
    expect(parseDayScope('account:a1:finder:2026-11-20')).toEqual({
      scope: 'account:a1:finder:2026-11-20',
      accountId: 'a1',
      kind: 'finder',
      day: '2026-11-20',
    });
    expect(parseDayScope('account:a1:job:7')).toBeNull();
    expect(parseDayScope('account:a1:calls:2026-11-20x')).toBeNull();
  });
  it('shreds a day once all of it is older than the retention', () =>
    expect(dueDayScopes(scopes, at, 3).map((s) => s.day)).toEqual(['2026-11-24']));
  it('shreds nothing under a retention of 0 (kept)', () => expect(dueDayScopes(scopes, at, 0)).toEqual([]));
});
