import { CommandHandler, ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Clock } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { AccountRetention } from '../account-retention/account-retention';
import { retentionDecider } from '../domain/retention.decider';
import { retentionStream } from '../domain/retention.events';
import type { EffectiveRetention } from '../domain/effective-retention';
import { ChooseRetentionCommand, GetRetentionQuery } from './choose-retention.command';

@CommandHandler(ChooseRetentionCommand)
export class ChooseRetentionHandler implements ICommandHandler<ChooseRetentionCommand, EffectiveRetention> {
  constructor(
    private readonly events: EventStore,
    private readonly retention: AccountRetention,
    private readonly clock: Clock,
  ) {}

  async execute({
    accountId,
    historyDays,
    jobFilesDays,
    chosenBy,
  }: ChooseRetentionCommand): Promise<EffectiveRetention> {
    const choose = {
      type: 'ChooseRetention' as const,
      accountId,
      historyDays,
      jobFilesDays,
      bounds: this.retention.bounds,
      chosenBy,
      at: this.clock.nowIso(),
    };
    // Refused outside the bounds; otherwise recorded, or already the choice in force.
    await runCommand(this.events, retentionStream(accountId), retentionDecider, choose);
    return { historyDays, jobFilesDays, chosen: true };
  }
}

@QueryHandler(GetRetentionQuery)
export class GetRetentionHandler implements IQueryHandler<GetRetentionQuery, EffectiveRetention> {
  constructor(private readonly retention: AccountRetention) {}

  execute({ accountId }: GetRetentionQuery): Promise<EffectiveRetention> {
    return this.retention.of(accountId);
  }
}
