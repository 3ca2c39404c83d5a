import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ACCOUNT_UPCASTERS, type AccountEvent } from '@lib/accounts';
import { LeaveTeamCommand } from '@lib/identity';
import { BusConsumer, IncomingMessage, MessageBus, RelayMessageV1, relayTopic, upcastRelayed } from '@lib/messaging';

/** The relay's topic of the accounts-<id> streams. */
const ACCOUNTS_TOPIC = relayTopic('accounts');

/**
 * Follows MemberRemoved on events.accounts and moves the removed user's sessions back to their own
 * account (LeaveTeam on their user stream). The removal request does the same at once; this is what
 * finishes it when that request died between the two streams, which would otherwise leave the removed
 * user working in the team (and a retried removal finds no member to remove). LeaveTeam is idempotent
 * and ignores a removal older than the user's latest joining, so a redelivered or late message is harmless.
 */
@Injectable()
export class MemberRemovedConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private consumer: BusConsumer | null = null;

  constructor(
    private readonly bus: MessageBus,
    private readonly commands: CommandBus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.ensureTopics([ACCOUNTS_TOPIC]);
    this.consumer = await this.bus.subscribe(
      { groupId: 'team-removal', topics: [ACCOUNTS_TOPIC], concurrency: 4, maxAttempts: 10, retryDelayMs: 500 },
      (m) => this.handle(m),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }

  private async handle(message: IncomingMessage<RelayMessageV1>): Promise<void> {
    const event = upcastRelayed<AccountEvent>(message.value, ACCOUNT_UPCASTERS);
    if (event.type !== 'MemberRemoved') return;
    const { userId, accountId, removedAt } = event.data;
    await this.commands.execute(new LeaveTeamCommand(userId, accountId, removedAt));
  }
}
