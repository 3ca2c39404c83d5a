import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  BeforeApplicationShutdown,
  Optional,
} from '@nestjs/common';
import { Clock, PeriodicSweep } from '@lib/common';
import { ReadStore } from '@lib/readstore';
import { CreditLedger } from '../shared/credit-ledger.service';
import { CREDIT_OPEN_HOLDS_COLLECTION, OpenHoldDoc } from './credit-open-holds.projection';
import { HoldSweepObserver } from './hold-sweep-observer';
import { RecordedWorkCharges, STILL_WORKING } from './recorded-work-charges';
import { LEDGER_CONFIG, LedgerConfig } from '../ledger.config';

/**
 * Holds of interactive calls live for seconds, a job chunk's for as long as its probes; one older than
 * the expiry was usually left by a process that died between hold and settle (or a chunk message lost
 * after its record), and would block those credits forever. Every purpose is swept; a job chunk whose
 * job is still running answers STILL_WORKING and keeps its hold, since its record may still come.
 */

@Injectable()
export class ExpiredHoldSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('hold-sweeper');
  private readonly schedule: PeriodicSweep<number>;

  constructor(
    private readonly readStore: ReadStore,
    private readonly ledger: CreditLedger,
    private readonly recordedWork: RecordedWorkCharges,
    private readonly clock: Clock,
    @Inject(LEDGER_CONFIG) private readonly config: LedgerConfig,
    @Optional() private readonly observer?: HoldSweepObserver,
  ) {
    this.schedule = new PeriodicSweep(() => this.sweep(), {
      everyMs: Math.min(60_000, Math.max(1_000, (config.holdExpirySeconds * 1000) / 2)),
      onError: (error) => this.logger.warn(`sweep failed: ${error}`),
    });
  }

  onApplicationBootstrap(): void {
    this.schedule.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.schedule.stop();
  }

  /**
   * Ends every hold older than the expiry: charged what its work recorded (see RecordedWorkCharges),
   * released when nothing was recorded, kept while its work may still record. Returns how many it ended.
   */
  sweepOnce(): Promise<number> {
    return this.schedule.runOnce();
  }

  private async sweep(): Promise<number> {
    const cutoff = new Date(this.clock.now() - this.config.holdExpirySeconds * 1000).toISOString();
    const holds = this.readStore.collection<OpenHoldDoc>(CREDIT_OPEN_HOLDS_COLLECTION);
    const expired: OpenHoldDoc[] = [];
    for await (const hold of holds.stream({ sort: { heldAt: 1 } })) {
      if (hold.heldAt >= cutoff) break;
      expired.push(hold);
    }
    let charged = 0;
    let kept = 0;
    for (const hold of expired) {
      // Both idempotent: a hold settled meanwhile is simply not found by the decider.
      const charge = await this.recordedWork.chargeFor(hold);
      if (charge === STILL_WORKING) {
        kept++;
        continue;
      }
      await this.ledger.endHold(
        hold.accountId,
        hold._id,
        charge === null ? null : Math.min(charge, hold.amount),
        'expired',
      );
      if (charge !== null) charged++;
      this.observer?.swept(charge === null ? 'released' : 'charged');
    }
    const ended = expired.length - kept;
    if (ended > 0)
      this.logger.warn(
        `ended ${ended} expired credit hold(s): ${charged} charged from recorded work, ${ended - charged} released`,
      );
    return ended;
  }
}
