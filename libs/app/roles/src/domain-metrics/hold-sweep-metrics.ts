import { Counter, Registry } from 'prom-client';
import { HoldSweepObserver, HoldSweepOutcome } from '@lib/ledger';

/** How the hold sweeper ended expired holds (libs/domain/ledger's observer port). */
export class HoldSweepMetrics extends HoldSweepObserver {
  private readonly sweeps: Counter<'outcome'>;

  constructor(registry: Registry) {
    super();
    this.sweeps = new Counter({
      name: 'mailcheck_credit_hold_sweeps_total',
      help: 'Expired holds ended by the sweeper: charged_from_record (the work was recorded) or released (it was not).',
      labelNames: ['outcome'],
      registers: [registry],
    });
    for (const outcome of ['charged_from_record', 'released']) this.sweeps.inc({ outcome }, 0);
  }

  swept(outcome: HoldSweepOutcome): void {
    this.sweeps.inc({ outcome: outcome === 'charged' ? 'charged_from_record' : 'released' });
  }
}
