/** How the sweeper ended an expired hold: settled with the charge its recorded work names, or released. */
export type HoldSweepOutcome = 'charged' | 'released';

/**
 * Told how the hold sweeper ends each expired hold (an app's metrics). Optional: without a provider the
 * sweeper reports nothing. Ledger events cannot tell a swept settlement from a normal one, hence this port.
 */
export abstract class HoldSweepObserver {
  /** One expired hold ended; must be cheap and must not throw. */
  abstract swept(outcome: HoldSweepOutcome): void;
}
