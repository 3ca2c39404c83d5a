import { Command, Query } from '@nestjs/cqrs';
import type { AutoTopupSettings } from '../domain/auto-topup';

/** Sets the account's automatic top-up (the package must be one on sale); answers with the settings recorded. */
export class ConfigureAutoTopupCommand extends Command<AutoTopupSettings> {
  constructor(
    readonly accountId: string,
    readonly settings: AutoTopupSettings,
    readonly configuredBy: string,
  ) {
    super();
  }
}

/** The account's automatic top-up settings, or null when they were never set. */
export class GetAutoTopupQuery extends Query<AutoTopupSettings | null> {
  constructor(readonly accountId: string) {
    super();
  }
}
