import { Command, Query } from '@nestjs/cqrs';
import type { EffectiveRetention } from '../domain/effective-retention';

/** Sets the account's retention (owner or admin, within the operator's bounds); answers with the retention in force. */
export class ChooseRetentionCommand extends Command<EffectiveRetention> {
  constructor(
    readonly accountId: string,
    readonly historyDays: number,
    readonly jobFilesDays: number,
    readonly chosenBy: string,
  ) {
    super();
  }
}

/** The account's retention in force. */
export class GetRetentionQuery extends Query<EffectiveRetention> {
  constructor(readonly accountId: string) {
    super();
  }
}
