import { Injectable, OnModuleInit } from '@nestjs/common';
import { RecordedWorkCharges } from '@lib/credits';
import { EventStore } from '@lib/eventstore';
import { FINDER_HOLD_PURPOSES } from '../domain/finder-call.decider';

/** Finder hold ids name the stream of their record: `finder-<findId>` (single), `finder-batch-<batchId>` (batch). */
const RECORDED_HOLD_ID = /^finder-(batch-)?\d+$/;

/**
 * Tells the hold sweeper what a finder call or batch recorded before its process died: the record
 * (EmailFound / EmailNotFound, or FinderBatchAnswered) carries `creditsCharged`, so an expired hold
 * is charged what was found instead of giving found addresses away, and released when nothing was
 * recorded. Both record types are written before their hold is settled.
 */
@Injectable()
export class FinderCallCharges implements OnModuleInit {
  constructor(private readonly events: EventStore, private readonly recordedWork: RecordedWorkCharges) {}

  onModuleInit(): void {
    this.recordedWork.register(Object.values(FINDER_HOLD_PURPOSES), async (hold) => {
      if (!RECORDED_HOLD_ID.test(hold._id)) return null;
      const [recorded] = await this.events.readStream<{ creditsCharged: number }>(hold._id, { maxCount: 1 });
      return recorded ? recorded.data.creditsCharged : null;
    });
  }
}
