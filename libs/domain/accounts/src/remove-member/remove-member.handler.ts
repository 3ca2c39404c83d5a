import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '@lib/common';
import { appendedPositions, EventStore, runCommand } from '@lib/eventstore';
import { ReadModelFreshness } from '@lib/platform';
import { API_KEYS_COLLECTION } from '../authenticate/api-keys.projection';
import { accountDecider, accountStream } from '../domain/account.decider';
import { RemovedMember, RemoveMemberCommand } from './remove-member.command';

@CommandHandler(RemoveMemberCommand)
export class RemoveMemberHandler implements ICommandHandler<RemoveMemberCommand, RemovedMember> {
  constructor(
    private readonly events: EventStore,
    private readonly freshness: ReadModelFreshness,
    private readonly clock: Clock,
  ) {}

  async execute(command: RemoveMemberCommand): Promise<RemovedMember> {
    const stream = accountStream(command.accountId);
    const removedAt = this.clock.nowIso();
    const removed = await runCommand(this.events, stream, accountDecider, {
      type: 'RemoveMember',
      userId: command.userId,
      ...(command.email ? { email: command.email } : {}),
      ...(command.removedBy !== undefined ? { removedBy: command.removedBy } : {}),
      at: removedAt,
    });
    // Each revoked key's document reaches its own event's position, not the append's last one.
    const positions = await appendedPositions(this.events, stream, removed);
    const revoked = removed.events.flatMap((event, i) =>
      event.type === 'ApiKeyRevoked' ? [{ keyId: event.data.keyId, position: positions[i] }] : [],
    );
    await Promise.all(
      revoked.map((key) => this.freshness.waitForDocument(API_KEYS_COLLECTION, key.keyId, key.position)),
    );
    return { userId: command.userId, revokedKeys: revoked.length, removedAt };
  }
}
