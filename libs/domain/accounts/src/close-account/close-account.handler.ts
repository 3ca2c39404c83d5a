import { CommandHandler, ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Clock } from '@lib/common';
import { aggregateStream, appendedPositions, EventStore, runCommand } from '@lib/eventstore';
import { ReadModelFreshness } from '@lib/platform';
import { API_KEYS_COLLECTION } from '../authenticate/api-keys.projection';
import { accountDecider, accountStream } from '../domain/account.decider';
import { AccountStatusQuery, ClosedAccount, CloseAccountCommand } from './close-account.command';

@CommandHandler(CloseAccountCommand)
export class CloseAccountHandler implements ICommandHandler<CloseAccountCommand, ClosedAccount> {
  constructor(
    private readonly events: EventStore,
    private readonly freshness: ReadModelFreshness,
    private readonly clock: Clock,
  ) {}

  async execute(command: CloseAccountCommand): Promise<ClosedAccount> {
    const stream = accountStream(command.accountId);
    const closedAt = this.clock.nowIso();
    const closed = await runCommand(this.events, stream, accountDecider, {
      type: 'CloseAccount',
      by: command.by,
      teamName: command.teamName,
      at: closedAt,
    });
    const positions = await appendedPositions(this.events, stream, closed);
    const revoked = closed.events.flatMap((event, i) =>
      event.type === 'ApiKeyRevoked' ? [{ keyId: event.data.keyId, position: positions[i] }] : [],
    );
    await Promise.all(
      revoked.map((key) => this.freshness.waitForDocument(API_KEYS_COLLECTION, key.keyId, key.position)),
    );
    const removedUserIds = closed.events.flatMap((event) =>
      event.type === 'MemberRemoved' ? [event.data.userId] : [],
    );
    return { removedUserIds, revokedKeys: revoked.length, closedAt };
  }
}

@QueryHandler(AccountStatusQuery)
export class AccountStatusHandler implements IQueryHandler<AccountStatusQuery> {
  constructor(private readonly events: EventStore) {}

  async execute(query: AccountStatusQuery): Promise<{ status: 'none' | 'open' | 'closed'; name: string | null }> {
    const { state } = await aggregateStream(this.events, accountStream(query.accountId), accountDecider);
    return { status: state.status, name: state.status === 'none' ? null : state.name };
  }
}
