import { classifyRcptReply } from '../smtp/reply-classifier';
import { SmtpReply } from '../smtp/smtp-reply';
import { Lease, MxPool } from '../smtp/mx-pool';
import { MxRiders, Rider } from './mx-riders';
import { MxTarget, spokenTo } from './mx-target';
import { answerRcpt, ProbeCall, Rcpt } from './probe-call';
import { ProberSettings } from './prober-settings';
import { SessionEnd } from './session-end';

const TARPIT_FACTOR = 5;
// Commands in one pipelined write at most (RFC 2920 asks clients not to overrun the server's window);
// the error budget left bounds a batch long before this on most lists.
const MAX_PIPELINED = 32;
// Pipelined batches stop at this many errors in a session (below Postfix's soft limit of 10); past it,
// with an error budget set higher, RCPTs go one at a time. A server reads a whole batch before it
// answers, so one that starts delaying replies mid-batch would otherwise go on delaying each RCPT it
// had already read (a stock Postfix processed 4 more, a second each, after the session was closed).
const PIPELINE_SAFE_ERRORS = 8;

// eslint-disable-next-line no-control-regex -- the ASCII range starts at NUL by definition.
const isAscii = (s: string) => /^[\x00-\x7f]*$/.test(s);

/**
 * Where a session is: between batches (`plan`), sending a batch (MAIL FROM when no transaction is open,
 * then its RCPTs), reading the batch's replies, or ended, with the addresses it took from the queue and
 * got no answer for. A send or a read that throws (a timeout, a closed connection) ends it as `failed`.
 */
export type SessionStep =
  | { at: 'plan' }
  | { at: 'send'; batch: Rcpt[] }
  | { at: 'read'; batch: Rcpt[] }
  | { at: 'end'; end: SessionEnd; unanswered: readonly Rcpt[] };

const ended = (end: SessionEnd, unanswered: readonly Rcpt[] = []): SessionStep => ({ at: 'end', end, unanswered });

/**
 * One session on a lease asking batches of addresses from the call's queue, as steps: each reads the
 * session and returns the next step. Steps only say why a session ended; settleSession reports it.
 * An interactive session fills the room its call leaves in a batch with the addresses of other
 * interactive calls waiting at the same MX address (MxRiders); each reply goes to its own call.
 */
export class ProbeSession {
  constructor(
    private readonly lease: Lease,
    private readonly target: MxTarget,
    private readonly call: ProbeCall,
    private readonly pool: MxPool,
    private readonly settings: ProberSettings,
    private readonly clock: () => number,
    private readonly riders: MxRiders,
  ) {}

  /** Runs the steps from the first batch to the session's end. */
  async run(): Promise<{ end: SessionEnd; unanswered: readonly Rcpt[] }> {
    let step: SessionStep = { at: 'plan' };
    while (step.at !== 'end') {
      if (step.at === 'plan') step = this.plan();
      else if (step.at === 'send') step = await this.send(step.batch);
      else step = await this.read(step.batch);
    }
    return step;
  }

  /** Between batches: ends the session when it must, else takes the next batch from the queue. */
  private plan(): SessionStep {
    const { session, limits } = this.lease;
    const { queue } = this.call;
    const budget = limits.errorBudget(this.clock());
    // The list is done; a session with no error budget left is retired rather than parked for reuse.
    if (queue.size === 0 && session.errors >= budget) return ended({ why: 'error_budget_spent' });
    // Another interactive call waits for a session at this MX: it takes this one, no RSET, transaction open.
    if (queue.size === 0 && this.call.lane === 'interactive' && this.pool.interactiveWaiting(this.lease.key))
      return ended({ why: session.rcptCount < this.settings.maxRcptsPerSession ? 'handed_over' : 'done' });
    if (queue.size === 0) return ended({ why: 'done' });
    if (session.rcptCount >= this.settings.maxRcptsPerSession) return ended({ why: 'done' });
    if (this.call.lane === 'bulk' && this.pool.interactiveWaiting(this.lease.key))
      return ended({ why: 'bulk_yielded' });
    const budgetLeft = budget - session.errors;
    if (budgetLeft <= 0) return ended({ why: 'error_budget_spent' });
    const cap = limits.rcptCap(this.clock());
    if (cap !== null && session.rcptsInTransaction >= cap) return ended({ why: 'rcpt_cap_reached', learned: null });
    if (this.clock() >= this.call.deadline || this.call.control.signal?.aborted) return ended({ why: 'deadline' });
    if (this.call.stopped) return ended({ why: 'done' });
    const room = this.room(budgetLeft, cap);
    const batch = this.take(room);
    // Every address taken was decided without asking (no SMTPUTF8): plan again, the queue may be empty now.
    return room > 0 && batch.length === 0 ? { at: 'plan' } : { at: 'send', batch };
  }

  /**
   * RCPTs the next batch may hold. A batch may at worst be refused whole, MAIL FROM included: it never
   * takes the session past its budget. 0 when only MAIL FROM fits: it goes alone, opening the transaction.
   */
  private room(budgetLeft: number, cap: number | null): number {
    const { session } = this.lease;
    if (!session.pipelining) return 1;
    const mailToo = session.transactionOpen ? 0 : 1;
    return Math.min(
      MAX_PIPELINED,
      budgetLeft - mailToo,
      Math.max(1, PIPELINE_SAFE_ERRORS - session.errors - mailToo),
      this.settings.maxRcptsPerSession - session.rcptCount,
      cap === null ? Infinity : cap - session.rcptsInTransaction,
    );
  }

  /**
   * Up to `room` addresses: the call's own first, then, on the interactive lane, those of other calls
   * waiting at this MX address, in their order. One a server without SMTPUTF8 cannot be asked about is
   * decided here. A call whose last address is taken stops waiting for a session of its own.
   */
  private take(room: number): Rcpt[] {
    const batch: Rcpt[] = [];
    this.takeFrom({ call: this.call, target: this.target }, room, batch);
    if (this.call.lane !== 'interactive' || batch.length >= room) return batch;
    let rode = false;
    for (const rider of this.riders.others(this.target.address, this.call, this.clock())) {
      rode = this.takeFrom(rider, room, batch) || rode;
      if (batch.length >= room) break;
    }
    if (rode) this.pool.withdrawUnwanted(this.lease.key);
    return batch;
  }

  /** Moves addresses of the rider's call into the batch until it holds `room`; true if any was taken. */
  private takeFrom({ call, target }: Rider, room: number, batch: Rcpt[]): boolean {
    let took = false;
    while (batch.length < room && call.queue.size > 0) {
      const rcpt = { address: call.queue.take()!, call, target };
      if (call !== this.call) call.riding++;
      took = true;
      if (!isAscii(rcpt.address) && !this.lease.session.supports('SMTPUTF8'))
        answerRcpt(rcpt, { kind: 'smtputf8_unsupported', ...spokenTo(target) }, this.call);
      else batch.push(rcpt);
    }
    return took;
  }

  private async send(batch: Rcpt[]): Promise<SessionStep> {
    let refusal: SmtpReply | null;
    try {
      refusal = await this.lease.session.sendRcpts(
        batch.map((rcpt) => rcpt.address),
        batch.some((rcpt) => !isAscii(rcpt.address)),
      );
    } catch (error) {
      return ended({ why: 'failed', error }, batch);
    }
    // An empty batch was MAIL FROM alone: the next batch has room for a RCPT.
    if (!refusal) return batch.length > 0 ? { at: 'read', batch } : { at: 'plan' };
    return ended(
      refusal.code === 421 ? { why: 'closed_421', reply: refusal } : { why: 'mail_from_refused', reply: refusal },
      batch,
    );
  }

  /** The batch's replies, in order, each kept as its address's outcome until one ends the session. */
  private async read(batch: Rcpt[]): Promise<SessionStep> {
    const { session } = this.lease;
    for (let index = 0; index < batch.length; index++) {
      const errorsBefore = session.errors;
      let reply: SmtpReply;
      try {
        reply = await session.nextRcptReply();
      } catch (error) {
        return ended({ why: 'failed', error }, batch.slice(index));
      }
      const end = this.heard(batch, index, reply, errorsBefore);
      // An end here leaves pipelined replies unread, so the session is never kept then.
      if (end) return end;
    }
    return { at: 'plan' };
  }

  /** The reply to the batch's RCPT at `index`: kept as that address's outcome, and the session's end if it ends it. */
  private heard(batch: Rcpt[], index: number, reply: SmtpReply, errorsBefore: number): SessionStep | null {
    const { session } = this.lease;
    const rcpt = batch[index];
    const kind = classifyRcptReply(reply, rcpt.target.host);
    if (reply.code === 421) return ended({ why: 'closed_421', reply }, batch.slice(index));
    if (kind === 'too_many_recipients' && session.rcptsInTransaction > 1)
      // 452 4.5.3: this message is full; the address goes on in a new session, and later sessions stop short of the cap.
      return ended({ why: 'rcpt_cap_reached', learned: session.rcptsInTransaction - 1 }, batch.slice(index));
    if (reply.code === 452 && kind !== 'mailbox_full')
      return ended({ why: 'mx_busy', reply, kind }, batch.slice(index));
    // The MX refuses our address, not this mailbox: every further RCPT would be refused too (and counted
    // against us); the address is asked again on another route (RoutedProber), when there is one.
    if (kind === 'ip_blocked' && this.settings.failover)
      return ended({ why: 'sender_blocked', reply }, batch.slice(index));
    answerRcpt(rcpt, { kind, reply, ...spokenTo(rcpt.target) }, this.call);
    rcpt.call.control.probed?.(rcpt.address);
    this.pool.markAnswered(this.lease.key);
    rcpt.call.heard();
    // Only a slow refusal counts: error sleeps hold back every reply, and most replies of a list are
    // refusals, while a slow acceptance is a server opening its queue file (Postfix waits up to
    // in_flow_delay for a flow token there when its queue manager has not delivered mail lately).
    if (reply.code >= 400 && session.latency.lastWasTarpitted(TARPIT_FACTOR, this.settings.tarpitFloorMs))
      return ended({ why: 'tarpitted', errorsBefore }, batch.slice(index + 1));
    return null;
  }
}
