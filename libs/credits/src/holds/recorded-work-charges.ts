import { Injectable } from '@nestjs/common';
import type { OpenHoldDoc } from '../projection/credit-open-holds.projection';

/**
 * What the work behind a hold recorded it should cost, or null when nothing was recorded. A module
 * whose work records its result before settling registers one per hold purpose.
 */
export type RecordedChargeLookup = (hold: Pick<OpenHoldDoc, '_id' | 'accountId' | 'purpose'>) => Promise<number | null>;

/**
 * Where the hold sweeper asks, before releasing an expired hold, whether its work was done. Work that
 * was recorded but whose process died before settling is charged (the customer can fetch the result
 * again); work that was never recorded is released. Without it a crash between record and settle
 * would give the work away, and a crash between settle and record would charge for nothing recorded.
 */
@Injectable()
export class RecordedWorkCharges {
  private readonly byPurpose = new Map<string, RecordedChargeLookup>();

  register(purposes: string[], lookup: RecordedChargeLookup): void {
    for (const purpose of purposes) this.byPurpose.set(purpose, lookup);
  }

  /** The recorded charge, or null when the purpose has no lookup or the work left no record. */
  async chargeFor(hold: Pick<OpenHoldDoc, '_id' | 'accountId' | 'purpose'>): Promise<number | null> {
    const lookup = this.byPurpose.get(hold.purpose);
    return lookup ? lookup(hold) : null;
  }
}
