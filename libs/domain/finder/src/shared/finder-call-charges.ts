import { Injectable, OnModuleInit } from '@nestjs/common';
import { RecordedWorkCharges } from '@lib/ledger';
import { EventStore, readEvents } from '@lib/eventstore';
import type { FinderBatchAnswered } from '../domain/finder-batch.events';
import { FINDER_HOLD_PURPOSES, finderCallDecider } from '../domain/finder-call.decider';
import type { FinderCallEvent } from '../domain/finder-call.events';

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
  constructor(
    private readonly events: EventStore,
    private readonly recordedWork: RecordedWorkCharges,
  ) {}

  onModuleInit(): void {
    this.recordedWork.register(Object.values(FINDER_HOLD_PURPOSES), async (hold) => {
      if (!RECORDED_HOLD_ID.test(hold._id)) return null;
      const [recorded] = await readEvents<FinderCallEvent | FinderBatchAnswered>(
        this.events,
        hold._id,
        finderCallDecider.upcasters,
        { maxCount: 1 },
      );
      return recorded ? recorded.data.creditsCharged : null;
    });
  }
}
