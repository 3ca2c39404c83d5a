import type { EnvReader } from '../env-parsers';
import { longestPaidCallMs } from '../paid-call-budget';
import { readManualAutoConfirm } from '../production-rules';

/**
 * Credits (CREDIT_*). holdExpirySeconds: the worker ends interactive holds older than this (left by a crashed
 * request): charged from recorded work, else released. At least longestPaidCallMs (paid-call-budget.ts), so a
 * live call's hold never expires under it.
 */
export interface CreditsConfig {
  packagesFile: string | null;
  holdExpirySeconds: number;
}

/** manualAutoConfirm: the manual processor's test mode, in which every payment succeeds at once (never in production). */
export interface PaymentsConfig {
  processor: 'manual' | 'stripe';
  manualAutoConfirm: boolean;
  /** Required when processor is stripe. apiUrl: another API base (stripe-mock); null for Stripe's. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | null } | null;
  /** The worker asks the processor about orders left Pending, or completed and not credited, this long after they were placed. */
  orderRecoveryAfterSeconds: number;
}

export function readCredits(r: EnvReader): CreditsConfig {
  return {
    packagesFile: r.optional('CREDIT_PACKAGES_FILE'),
    holdExpirySeconds: r.int('CREDIT_HOLD_EXPIRY_SECONDS', 600, 1, 86_400),
  };
}

/** A hold that can expire while its call still runs would be released under it: refused at start. */
export function holdExpiryProblem(holdExpirySeconds: number, verifyInteractiveBudgetMs: number): string | null {
  const neededSeconds = Math.ceil(longestPaidCallMs(verifyInteractiveBudgetMs) / 1000);
  if (holdExpirySeconds >= neededSeconds) return null;
  return (
    `CREDIT_HOLD_EXPIRY_SECONDS (${holdExpirySeconds}) must be at least ${neededSeconds}: a paid call holds its credits for up to ` +
    `${neededSeconds} s (the longer of VERIFY_INTERACTIVE_BUDGET_MS and a 100-contact finder batch, plus time to settle), and a hold ` +
    'that expired while its call still ran would be released under it'
  );
}

export function readPayments(r: EnvReader, production: boolean): PaymentsConfig {
  const processor = r.oneOf('PAYMENT_PROCESSOR', 'manual', ['manual', 'stripe'] as const);
  const secretKey = r.optional('STRIPE_SECRET_KEY');
  const webhookSecret = r.optional('STRIPE_WEBHOOK_SECRET');
  const apiUrl = r.url('STRIPE_API_URL', ['http:', 'https:']);
  if (processor === 'stripe' && (!secretKey || !webhookSecret))
    r.problems.push('PAYMENT_PROCESSOR=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  const stripe = processor === 'stripe' && secretKey && webhookSecret ? { secretKey, webhookSecret, apiUrl } : null;
  return {
    processor,
    manualAutoConfirm: readManualAutoConfirm(r, production),
    stripe,
    orderRecoveryAfterSeconds: r.int('ORDER_RECOVERY_AFTER_SECONDS', 900, 10, 86_400),
  };
}
