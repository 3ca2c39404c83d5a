import { aggregateStream, EventStore } from '@lib/eventstore';
import { autoTopupSettingsDecider, autoTopupSettingsStream, type AutoTopupSettings } from '../domain/auto-topup';

/** The account's settings: its stream's latest event carries them whole, so only that one is read. */
export async function loadAutoTopupSettings(events: EventStore, accountId: string): Promise<AutoTopupSettings | null> {
  return (await aggregateStream(events, autoTopupSettingsStream(accountId), autoTopupSettingsDecider, { latest: 1 }))
    .state;
}
