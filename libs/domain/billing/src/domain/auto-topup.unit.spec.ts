import { decidedHistory, deciderSpec } from '@lib/common/testing';
import {
  autoTopupCrossingDecider,
  autoTopupSettingsDecider,
  crossesThreshold,
  type AutoTopupSettings,
} from './auto-topup';

const at = '2025-01-01T00:00:00.000Z';
const spec = deciderSpec(autoTopupCrossingDecider);
const triggered = {
  type: 'AutoTopupTriggered' as const,
  data: { accountId: '1', ledgerRevision: 7, orderId: '42', packageId: 1, triggeredAt: at },
};
const failed = {
  type: 'AutoTopupFailed' as const,
  data: { accountId: '1', ledgerRevision: 7, orderId: '42', reason: 'card_declined', failedAt: at },
};
const notified = {
  type: 'AutoTopupOwnerNotified' as const,
  data: { accountId: '1', ledgerRevision: 7, orderId: '42', notifiedAt: at },
};
const types = (events: { type: string }[]) => events.map((e) => e.type);

describe('automatic top-up crossing', () => {
  it('crosses only from at or above the threshold to below it', () => {
    expect(crossesThreshold(95, 94, 95)).toBe(true);
    expect(crossesThreshold(94, 93, 95)).toBe(false);
    expect(crossesThreshold(100, 95, 95)).toBe(false);
  });

  it('is claimed once: a redelivered crossing keeps the first order id', () => {
    const trigger = {
      type: 'TriggerAutoTopup' as const,
      accountId: '1',
      ledgerRevision: 7,
      orderId: '43',
      packageId: 1,
      at,
    };
    expect(types(spec([]).when(trigger).events())).toEqual(['AutoTopupTriggered']);
    spec([triggered]).when(trigger).then([]);
  });

  it('records a failure once, and the owner notified once, only after a failure', () => {
    const fail = { type: 'RecordAutoTopupFailure' as const, reason: 'card_declined', at };
    const notify = { type: 'RecordOwnerNotified' as const, at };
    expect(types(spec([triggered]).when(fail).events())).toEqual(['AutoTopupFailed']);
    spec([triggered, failed]).when(fail).then([]);
    spec([triggered]).when(notify).then([]);
    expect(types(spec([triggered, failed]).when(notify).events())).toEqual(['AutoTopupOwnerNotified']);
    spec([triggered, failed, notified]).when(notify).then([]);
  });
});

describe('automatic top-up settings', () => {
  const given = deciderSpec(autoTopupSettingsDecider);
  const configure = (settings: AutoTopupSettings) => ({
    type: 'ConfigureAutoTopup' as const,
    accountId: '1',
    settings,
    configuredBy: 'user_1',
    at,
  });
  const first = { enabled: true, thresholdCredits: 100, packageId: 1 };
  const second = { enabled: false, thresholdCredits: 50, packageId: 2 };

  it('records the settings with who configured them and when', () => {
    given([])
      .when(configure(first))
      .then([
        { type: 'AutoTopupConfigured', data: { ...first, accountId: '1', configuredBy: 'user_1', configuredAt: at } },
      ]);
  });

  it('replaces the settings whole: the state is the latest configuration', () => {
    const history = decidedHistory(autoTopupSettingsDecider, configure(first), configure(second));
    expect(history).toHaveLength(2);
    expect(given(history).state).toEqual(second);
    expect(given([]).state).toBeNull();
  });
});
