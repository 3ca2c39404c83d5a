import { Injectable, OnModuleInit } from '@nestjs/common';
import { RecordedWorkCharges } from '@lib/ledger';
import { EventStore, readEvents } from '@lib/eventstore';
import {
  recordedCharge,
  VERIFICATION_HOLD_PURPOSES,
  VerificationEvent,
  verificationStream,
} from '../domain/verification.events';

/**
 * The recorded verification behind a hold (the hold id is the verification id), if one was recorded.
 * Registered with the hold sweeper, so a process that died after recording but before settling is
 * charged for the result it recorded, and a retry replays that result instead of probing again.
 */
@Injectable()
export class VerificationRecords implements OnModuleInit {
  constructor(
    private readonly events: EventStore,
    private readonly recordedWork: RecordedWorkCharges,
  ) {}

  onModuleInit(): void {
    this.recordedWork.register(Object.values(VERIFICATION_HOLD_PURPOSES), async (hold) => {
      const recorded = await this.find(hold._id);
      return recorded ? recordedCharge(recorded) : null;
    });
  }

  async find(verificationId: string): Promise<VerificationEvent | null> {
    // A verification stream holds its one record; no stored shape needs upcasting yet.
    const [recorded] = await readEvents<VerificationEvent>(this.events, verificationStream(verificationId), undefined, {
      maxCount: 1,
    });
    return recorded ?? null;
  }
}
