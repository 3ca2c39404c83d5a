import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AutoTopupService } from '@lib/billing';
import { CREDIT_LEDGER_UPCASTERS, type CreditLedgerEvent } from '@lib/ledger';
import { FindUsersQuery } from '@lib/identity';
import { Mailer } from '@lib/mail';
import { ListTeamMembersQuery } from '@lib/teams';
import {
  BusConsumer,
  IncomingMessage,
  MessageBus,
  RelayedEvent,
  RelayMessageV1,
  relayTopic,
  upcastRelayed,
} from '@lib/messaging';

/** About 8.5 minutes of redeliveries (500 ms doubled each time) before a crossing's purchase is given up. */
const MAX_ATTEMPTS = 10;

/** The balance before a ledger event that can lower it, or null for events that never do. */
function balanceBefore(event: RelayedEvent<CreditLedgerEvent>): number | null {
  if (event.type === 'CreditsUsed') return event.data.balanceAfter + event.data.amount;
  if (event.type === 'CreditsAdjusted' && event.data.amount < 0) return event.data.balanceAfter - event.data.amount;
  return null;
}

/**
 * Follows the ledger on the events.credits analytics topic (keyed by ledger stream, so one account's
 * events arrive in order and one at a time) and hands each balance drop to AutoTopupService. A failed
 * top-up is mailed to the team's owner; the mail is recorded as sent afterwards, so a redelivery after a
 * crash sends it (with the same Message-ID) until it is recorded.
 */
@Injectable()
export class AutoTopupConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('auto-topup');
  private consumer: BusConsumer | null = null;

  constructor(
    private readonly bus: MessageBus,
    private readonly autoTopups: AutoTopupService,
    private readonly queries: QueryBus,
    private readonly mailer: Mailer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const topic = relayTopic('credits');
    await this.bus.ensureTopics([topic]);
    this.consumer = await this.bus.subscribe(
      { groupId: 'auto-topup', topics: [topic], concurrency: 4, maxAttempts: MAX_ATTEMPTS, retryDelayMs: 500 },
      (m) => this.handle(m),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }

  private async handle(message: IncomingMessage<RelayMessageV1>): Promise<void> {
    // events.credits also carries orders, settings and payment methods: only ledger types can lower a balance.
    const event = upcastRelayed<CreditLedgerEvent>(message.value, CREDIT_LEDGER_UPCASTERS);
    const before = balanceBefore(event);
    if (before === null) return;
    const { data } = event;
    const outcome = await this.autoTopups.onBalanceChange(
      data.accountId,
      event.revision,
      before,
      data.balanceAfter,
      message.attempt >= MAX_ATTEMPTS,
    );
    if (outcome.kind === 'ordered')
      this.logger.log(
        `account ${data.accountId}: balance ${data.balanceAfter} crossed the threshold; order ${outcome.order.orderId} ${outcome.order.status}`,
      );
    if (outcome.kind === 'failed' && outcome.notifyOwner) {
      await this.notifyOwner(data.accountId, outcome.orderId, outcome.reason);
      await this.autoTopups.ownerNotified(data.accountId, outcome.ledgerRevision);
    }
  }

  private async notifyOwner(accountId: string, orderId: string, reason: string): Promise<void> {
    this.logger.warn(`account ${accountId}: automatic top-up order ${orderId} failed: ${reason}`);
    const owner = (await this.queries.execute(new ListTeamMembersQuery(accountId))).find((m) => m.role === 'owner');
    const [user] = owner ? await this.queries.execute(new FindUsersQuery([owner.userId])) : [];
    if (!user) return; // an account an operator opened has no dashboard owner to tell
    await this.mailer.send({
      // One id per failed order: a mail sent again after a crash (before ownerNotified was recorded) is the same message.
      messageId: `autotopup-failed-${orderId}@mailcheck`,
      to: user.email,
      subject: 'Your automatic credit top-up failed',
      text: `The automatic top-up of your credits (order ${orderId}) failed: ${reason}\n\nBuy credits or update the top-up settings in the dashboard so your API calls keep working.\n`,
    });
  }
}
