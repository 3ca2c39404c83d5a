import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Clock, PeriodicSweep } from '@lib/common';
import { EventStore } from '@lib/eventstore';
import { DataKeyCache, DataKeyStore } from '@lib/personal-data';
import { AccountRetention } from '../account-retention/account-retention';
import { HistoryRetentionEnforcer } from './history-retention.enforcer';

/** Retention is counted in whole UTC days: an hourly pass is punctual enough (as the job file retention's). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const FIRST_SWEEP_AFTER_MS = 60 * 1000;

/**
 * The worker's history retention: single, batch and finder calls older than each account's retention are
 * shredded by destroying their day keys. Safe with several workers: records and destruction are idempotent.
 */
@Injectable()
export class HistoryRetentionSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('history-retention');
  private readonly enforcer: HistoryRetentionEnforcer;
  private readonly schedule: PeriodicSweep<number>;

  constructor(
    events: EventStore,
    keys: DataKeyStore,
    cache: DataKeyCache,
    private readonly retention: AccountRetention,
    private readonly clock: Clock,
  ) {
    this.enforcer = new HistoryRetentionEnforcer(events, keys, this.logger, cache);
    this.schedule = new PeriodicSweep((signal) => this.sweep(signal), {
      everyMs: SWEEP_EVERY_MS,
      firstAfterMs: FIRST_SWEEP_AFTER_MS,
      onError: (error) => this.logger.warn(`history retention sweep failed: ${String(error)}`),
    });
  }

  onApplicationBootstrap(): void {
    this.schedule.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.schedule.stop();
  }

  /** One pass now; answers how many day scopes it shredded. */
  sweepOnce(): Promise<number> {
    return this.schedule.runOnce();
  }

  private async sweep(signal: AbortSignal): Promise<number> {
    const shredded = await this.enforcer.enforce(this.clock.nowIso(), this.retention.perPass(), signal);
    if (shredded > 0) this.logger.log(`shredded ${shredded} day(s) of call history past their retention`);
    return shredded;
  }
}
