import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { USER_UPCASTERS, type UserEvent } from '@lib/identity';
import { BusConsumer, IncomingMessage, MessageBus, RelayMessageV1, relayTopic, upcastRelayed } from '@lib/messaging';
import { AccountOpening } from '@lib/teams';

/** The relay's topic of the users-<id> streams. */
const USERS_TOPIC = relayTopic('users');

/**
 * Follows EmailConfirmed on events.users and makes sure the confirmed user's account is open with its
 * trial credits (AccountOpening.forSignUp). The confirmation request does the same at once; this is what finishes
 * it when that request died after recording the confirmation. Idempotent, so a redelivered message or
 * a race with the request grants once.
 */
@Injectable()
export class SignUpAccountsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('sign-up-accounts');
  private consumer: BusConsumer | null = null;

  constructor(
    private readonly bus: MessageBus,
    private readonly opening: AccountOpening,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.ensureTopics([USERS_TOPIC]);
    this.consumer = await this.bus.subscribe(
      { groupId: 'sign-up-accounts', topics: [USERS_TOPIC], concurrency: 4, maxAttempts: 10, retryDelayMs: 500 },
      (m) => this.handle(m),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }

  private async handle(message: IncomingMessage<RelayMessageV1>): Promise<void> {
    const event = upcastRelayed<UserEvent>(message.value, USER_UPCASTERS);
    if (event.type !== 'EmailConfirmed') return;
    const { userId } = event.data;
    if (!(await this.opening.forSignUp(userId)))
      this.logger.warn(`EmailConfirmed for user ${userId}, who has no registration: nothing to open`);
  }
}
