import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/common';
import { aggregateStream, EventStore, runCommand, findSince } from '@lib/eventstore';
import { CreditLedgerCommand } from '../domain/credit-ledger.commands';
import { OrderSource } from '../domain/credit-ledger.events';
import {
  available,
  creditLedgerDecider,
  creditLedgerOf,
  creditLedgerStream,
  heldThrough,
  LedgerState,
} from '../domain/credit-ledger.decider';
import { LedgerGroupCommit } from './ledger-group-commit';

type WithoutMeta<C> = C extends unknown ? Omit<C, 'accountId' | 'at' | 'type'> : never;

export interface LedgerView {
  balance: number;
  held: number;
  available: number;
  position: number;
}

/**
 * The only way anything touches credits. Every operation is a ledger command on the account's
 * stream: load the latest event, decide, append with the expected revision (group-committed with
 * whatever else is queued for the same account, see LedgerGroupCommit).
 */
@Injectable()
export class CreditLedger {
  private readonly commits: LedgerGroupCommit;

  constructor(
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {
    this.commits = new LedgerGroupCommit(events);
  }

  /**
   * Sets credits aside before work; throws INSUFFICIENT_CREDITS (402) when the available balance cannot cover
   * it. Idempotent per holdId while the hold is open; HOLD_ALREADY_ENDED (409) once it was settled or released
   * (seen in the latest event, or in any since `basis`).
   */
  hold(
    accountId: string,
    command: WithoutMeta<Extract<CreditLedgerCommand, { type: 'HoldCredits' }>>,
  ): Promise<LedgerView> {
    return this.run(accountId, { type: 'HoldCredits', ...command });
  }

  /**
   * A hold of `amount`, or of what is available when that is less (at least 1 credit, else
   * INSUFFICIENT_CREDITS), and of what the `key`'s monthly cap leaves when that is less still (at least 1,
   * else KEY_CREDIT_CAP_REACHED): the credits held under the id, those of the first hold when it is retried.
   */
  async holdUpTo(
    accountId: string,
    command: WithoutMeta<Extract<CreditLedgerCommand, { type: 'HoldCredits' }>>,
  ): Promise<number> {
    const stream = creditLedgerStream(accountId);
    const full = { type: 'HoldCredits', ...command, upTo: true, accountId, at: this.clock.nowIso() } as const;
    const result = await this.commits.submit(stream, full);
    return result.state.holds[command.holdId]?.amount ?? 0;
  }

  /** Charges up to the held amount and frees the rest; settling an unknown or settled hold changes nothing. */
  settle(accountId: string, holdId: string, charge: number): Promise<LedgerView> {
    return this.run(accountId, { type: 'SettleHold', holdId, charge, transactionId: `tx_${holdId}` });
  }

  /** Frees a hold with no charge. `retire`: even one not held yet, so that a late hold under its id is refused. */
  release(accountId: string, holdId: string, reason: string, retire = false): Promise<LedgerView> {
    return this.run(accountId, { type: 'ReleaseHold', holdId, reason, ...(retire ? { retire } : {}) });
  }

  /**
   * Ends a hold left by work that may have died part-way: charged what the work recorded (a no-op if
   * it was settled meanwhile), or released with `releaseReason` when it recorded nothing (null).
   * Work records its result before settling, so a record always means the work was done. `retire`: the
   * work may still be alive and about to hold (a taken-over claim): release its id even if not held yet.
   */
  endHold(
    accountId: string,
    holdId: string,
    recordedCharge: number | null,
    releaseReason: string,
    retire = false,
  ): Promise<LedgerView> {
    return recordedCharge === null
      ? this.release(accountId, holdId, releaseReason, retire)
      : this.settle(accountId, holdId, recordedCharge);
  }

  grant(
    accountId: string,
    amount: number,
    bonus: number,
    source: OrderSource | { kind: 'grant'; reason: string },
    transactionId = `tx_${randomUUID()}`,
  ): Promise<LedgerView> {
    return this.run(accountId, { type: 'GrantCredits', transactionId, amount, bonus, source });
  }

  /**
   * Adds credits unless `transactionId` is already in the ledger (looking back to `since`): the check and
   * the append share one expected revision, so concurrent callers add them once. Appended on its own,
   * outside the group commit, since the check must cover exactly the revision it appends after.
   */
  async grantOnce(
    accountId: string,
    amount: number,
    bonus: number,
    source: OrderSource | { kind: 'grant'; reason: string },
    transactionId: string,
    since: string,
  ): Promise<LedgerView> {
    const stream = creditLedgerStream(accountId);
    const command: CreditLedgerCommand = {
      type: 'GrantCredits',
      accountId,
      at: this.clock.nowIso(),
      transactionId,
      amount,
      bonus,
      source,
    };
    const result = await runCommand(this.events, stream, creditLedgerOf(accountId), command, {
      load: 'last',
      skipIf: async () =>
        (await findSince(
          this.events,
          stream,
          creditLedgerDecider.upcasters,
          since,
          (e) => 'transactionId' in e.data && e.data.transactionId === transactionId,
        )) !== null,
    });
    return this.view(result.state, result.position);
  }

  adjust(accountId: string, amount: number, reason: string): Promise<LedgerView> {
    return this.run(accountId, { type: 'AdjustCredits', transactionId: `tx_${randomUUID()}`, amount, reason });
  }

  /** Sets a test account's available balance (ResetTestBalance); TEST_KEY_REQUIRED for a live account. */
  resetTestBalance(accountId: string, balance: number): Promise<LedgerView> {
    return this.run(accountId, { type: 'ResetTestBalance', transactionId: `tx_${randomUUID()}`, balance });
  }

  /**
   * The credits `keyId`'s open holds set aside now, read from the event store: while any, a hold refused
   * for the key's monthly cap may pass later (a hold settled for less gives its room back).
   */
  async heldThrough(accountId: string, keyId: string): Promise<number> {
    const { state } = await this.latest(accountId);
    return heldThrough(state.holds, keyId);
  }

  /**
   * The exact current ledger state, read from the event store (not the read model); a ledger not used yet
   * holds what it opens with (a test account's starting balance), as the balance query answers.
   */
  async current(accountId: string): Promise<LedgerView> {
    const { state, position } = await this.latest(accountId);
    return this.view(state, position);
  }

  /** The state after the latest event (each event carries the full state), folded from the ledger's opening. */
  private latest(accountId: string) {
    return aggregateStream(this.events, creditLedgerStream(accountId), creditLedgerOf(accountId), { latest: 1 });
  }

  private async run(
    accountId: string,
    partial: WithoutMeta<CreditLedgerCommand> & { type: CreditLedgerCommand['type'] },
  ): Promise<LedgerView> {
    const stream = creditLedgerStream(accountId);
    const command = { ...partial, accountId, at: this.clock.nowIso() } as CreditLedgerCommand;
    const result = await this.commits.submit(stream, command);
    return this.view(result.state, result.position);
  }

  private view(state: LedgerState, position: number): LedgerView {
    const free = available(state);
    return { balance: state.balance, held: state.balance - free, available: free, position };
  }
}
