import { Injectable, OnModuleInit } from '@nestjs/common';
import { RecordedWorkCharges } from '@lib/credits';
import { EventStore } from '@lib/eventstore';
import { finderCallStream } from '../domain/finder-call.decider';

/** Single-call hold ids: `finder-<findId>`, the name of the call's record stream. */
const SINGLE_HOLD_ID = /^finder-\d+$/;

/**
 * Tells the hold sweeper what a single finder call recorded (its hold is `finder-<findId>`, its record
 * `finder-<findId>`): a process that died between recording and settling is charged what the record
 * says instead of giving a found address away. Batch holds are not registered: their records are one
 * per contact and are not addressable from the hold, so an expired batch hold is released (the
 * customer's favour).
 */
@Injectable()
export class FinderCallCharges implements OnModuleInit {
  constructor(private readonly events: EventStore, private readonly recordedWork: RecordedWorkCharges) {}

  onModuleInit(): void {
    this.recordedWork.register(['finder'], async (hold) => {
      if (!SINGLE_HOLD_ID.test(hold._id)) return null;
      const [recorded] = await this.events.readStream<{ creditsCharged: number }>(finderCallStream(Number(hold._id.slice('finder-'.length))), { maxCount: 1 });
      return recorded ? recorded.data.creditsCharged : null;
    });
  }
}
