import { Injectable } from '@nestjs/common';
import { Clock, DomainError } from '@lib/common';
import { CreditLedger } from '@lib/credits';
import { EventStore, runCommand } from '@lib/eventstore';
import { jobStream } from '@lib/jobs';
import { EmailFinder } from '../../find-email';
import { FINDER_PRICE } from '../domain/finder-call.decider';
import { mapBounded } from '../find/map-bounded';
import { finderJobDecider } from './finder-job.decider';
import type { FinderChunk } from './finder-job-plan';
import type { FinderJobEvent, FinderJobRowResult } from './finder-job.events';

export const FINDER_CHUNK_TOPIC = 'finder.chunks';
/** Deliveries that may find the balance short before the job fails: other chunks' holds may settle meanwhile. */
export const FINDER_HOLD_ATTEMPTS = 3;
const CONTACT_CONCURRENCY = 4;

export interface FinderChunkMessage extends FinderChunk {
  jobId: number;
  accountId: string;
}

export const finderChunkHoldId = (jobId: number, chunkNo: number): string => `finder-job-${jobId}-chunk-${chunkNo}`;

/**
 * One chunk of a finder job, in the bulk-job order that makes a crash anywhere safe: hold 10 x its
 * contacts (idempotent per chunk), look them up, append FinderChunkCompleted (recorded once), then
 * settle the hold with the charge the event recorded (0 when the job was cancelled or failed meanwhile).
 */
@Injectable()
export class FinderChunkProcessor {
  constructor(private readonly events: EventStore, private readonly ledger: CreditLedger, private readonly finder: EmailFinder, private readonly clock: Clock) {}

  async process(message: FinderChunkMessage, attempt: number): Promise<void> {
    const holdId = finderChunkHoldId(message.jobId, message.chunkNo);
    if (!(await this.hold(message, holdId, attempt))) return;
    const results = await mapBounded(message.contacts, CONTACT_CONCURRENCY, async ({ row, input }): Promise<FinderJobRowResult> => ({ row, input, outcome: await this.finder.find(input) }));
    const run = await runCommand(this.events, jobStream(message.jobId), finderJobDecider, { type: 'CompleteFinderChunk', chunkNo: message.chunkNo, results, at: this.clock.nowIso() }, { load: 'last' });
    const charge = chargeIn(run.events, message.chunkNo) ?? (await this.chargeRecordedEarlier(message));
    await this.ledger.settle(message.accountId, holdId, charge);
  }

  /**
   * A redelivered chunk appends nothing: its charge is the one recorded by the delivery that crashed
   * before settling, or 0 when it was never recorded (job cancelled or failed: the hold is freed).
   */
  private async chargeRecordedEarlier(message: FinderChunkMessage): Promise<number> {
    const stream = await this.events.readStream(jobStream(message.jobId), { direction: 'backwards' });
    return chargeIn(stream.map((e) => ({ type: e.type, data: e.data }) as FinderJobEvent), message.chunkNo) ?? 0;
  }

  /** False when the job was failed for lack of credits instead. */
  private async hold(message: FinderChunkMessage, holdId: string, attempt: number): Promise<boolean> {
    try {
      await this.ledger.hold(message.accountId, { holdId, amount: FINDER_PRICE * message.contacts.length, purpose: 'finder_job_chunk', reference: `job:${message.jobId}:chunk:${message.chunkNo}` });
      return true;
    } catch (error) {
      if (!(error instanceof DomainError) || error.errorName !== 'INSUFFICIENT_CREDITS' || attempt < FINDER_HOLD_ATTEMPTS) throw error;
      await runCommand(this.events, jobStream(message.jobId), finderJobDecider, { type: 'FailFinderJob', reason: 'insufficient_credits', at: this.clock.nowIso() }, { load: 'last' });
      return false;
    }
  }
}

function chargeIn(events: FinderJobEvent[], chunkNo: number): number | null {
  const done = events.find((e) => e.type === 'FinderChunkCompleted' && e.data.chunkNo === chunkNo);
  return done?.type === 'FinderChunkCompleted' ? done.data.charged : null;
}
