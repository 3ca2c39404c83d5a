import { Counter, Registry } from 'prom-client';
import { HOLD_PURPOSES, type CreditLedgerEvent } from '@lib/ledger';
import { oneOf } from '@lib/metrics';

const PURPOSES = new Set<string>(HOLD_PURPOSES);
// Release reasons are written by code (CreditLedger.release callers and the decider), each named here.
const RELEASE_REASONS: Record<string, string> = {
  'nothing to charge': 'nothing_to_charge',
  expired: 'expired',
  'probe failed': 'probe_failed',
  'superseded by a retry': 'superseded',
  finder_call_failed: 'finder_call_failed',
  finder_batch_failed: 'finder_batch_failed',
};

/** Holds, settlements and releases as the ledger recorded them in this process. */
export class CreditEventMetrics {
  private readonly holds: Counter<'purpose'>;
  private readonly settlements: Counter<'purpose'>;
  private readonly charged: Counter<'purpose'>;
  private readonly releases: Counter<'reason'>;

  constructor(registry: Registry) {
    const registers = [registry];
    this.holds = new Counter({
      name: 'mailcheck_credit_holds_total',
      help: 'Credit holds placed before work, by purpose.',
      labelNames: ['purpose'],
      registers,
    });
    this.settlements = new Counter({
      name: 'mailcheck_credit_settlements_total',
      help: 'Holds settled with a charge, by purpose.',
      labelNames: ['purpose'],
      registers,
    });
    this.charged = new Counter({
      name: 'mailcheck_credits_charged_total',
      help: 'Credits charged, by purpose.',
      labelNames: ['purpose'],
      registers,
    });
    this.releases = new Counter({
      name: 'mailcheck_credit_releases_total',
      help: 'Holds released without a charge, by reason (expired: left by a dead process, ended by the sweeper).',
      labelNames: ['reason'],
      registers,
    });
  }

  record(event: CreditLedgerEvent): void {
    switch (event.type) {
      case 'CreditsHeld':
        this.holds.inc({ purpose: oneOf(event.data.purpose, PURPOSES) });
        return;
      case 'CreditsUsed': {
        const purpose = oneOf(event.data.purpose, PURPOSES);
        if (event.data.holdId) this.settlements.inc({ purpose });
        this.charged.inc({ purpose }, event.data.amount);
        return;
      }
      case 'CreditHoldReleased':
        this.releases.inc({ reason: RELEASE_REASONS[event.data.reason] ?? 'other' });
        return;
      default:
    }
  }
}
