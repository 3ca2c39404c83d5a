import { Injectable } from '@nestjs/common';
import type { HoldPurpose } from '../domain/credit-ledger.commands';
import type { OpenHoldDoc } from './credit-open-holds.projection';

/** Work that has not recorded yet but still may (a job chunk of a job still running): its hold is kept. */
export const STILL_WORKING = 'still_working';

/**
 * What the work behind a hold recorded it should cost, null when nothing was or ever will be recorded,
 * or STILL_WORKING. A module whose work records its result before settling registers one per hold purpose.
 */
export type RecordedCharge = number | null | typeof STILL_WORKING;
export type RecordedChargeLookup = (
  hold: Pick<OpenHoldDoc, '_id' | 'accountId' | 'purpose'>,
) => Promise<RecordedCharge>;

/**
 * Where the hold sweeper asks, before releasing an expired hold, whether its work was done. Work that
 * was recorded but whose process died before settling is charged (the customer can fetch the result
 * again); work that was never recorded is released. Without it a crash between record and settle
 * would give the work away, and a crash between settle and record would charge for nothing recorded.
 */
@Injectable()
export class RecordedWorkCharges {
  private readonly byPurpose = new Map<string, RecordedChargeLookup>();

  register(purposes: readonly HoldPurpose[], lookup: RecordedChargeLookup): void {
    for (const purpose of purposes) this.byPurpose.set(purpose, lookup);
  }

  /** The recorded charge, null when the purpose has no lookup or the work left no record, or STILL_WORKING. */
  async chargeFor(hold: Pick<OpenHoldDoc, '_id' | 'accountId' | 'purpose'>): Promise<RecordedCharge> {
    const lookup = this.byPurpose.get(hold.purpose);
    return lookup ? lookup(hold) : null;
  }
}
