import { VerificationQuality, VerificationResultName } from '../verification.types';

export interface RiskSignals {
  result: VerificationResultName;
  role: boolean;
  didYouMean: boolean;
  antiSpam: boolean;
  acceptsAllProvider: boolean;
}

/** Starting points per result: the evidence the probe produced. */
const RESULT_BASE: Record<VerificationResultName, number> = {
  ok: 5,
  catch_all: 50,
  unknown: 45,
  error: 50,
  disposable: 85,
  invalid: 95,
};

/** Additions for signals that raise the chance of a bounce or complaint whatever the result. */
const SIGNAL_WEIGHTS = { role: 10, didYouMean: 30, antiSpam: 5, acceptsAllProvider: 5 } as const;

/**
 * riskScore = clamp(base[result] + 10 role + 30 did-you-mean + 5 anti-spam gateway
 * + 5 accept-all provider, 0, 100), with invalid and disposable never below 70 so they
 * always land in the bad band.
 */
export function riskScore(signals: RiskSignals): number {
  let score = RESULT_BASE[signals.result];
  if (signals.role) score += SIGNAL_WEIGHTS.role;
  if (signals.didYouMean) score += SIGNAL_WEIGHTS.didYouMean;
  if (signals.antiSpam) score += SIGNAL_WEIGHTS.antiSpam;
  if (signals.acceptsAllProvider) score += SIGNAL_WEIGHTS.acceptsAllProvider;
  if (signals.result === 'invalid' || signals.result === 'disposable') score = Math.max(score, 70);
  return Math.max(0, Math.min(100, Math.round(score)));
}

/** Bands 0-29 good, 30-69 risky, 70-100 bad; an `error` carries no quality. */
export function qualityFor(result: VerificationResultName, score: number): VerificationQuality {
  if (result === 'error') return '';
  if (score < 30) return 'good';
  return score < 70 ? 'risky' : 'bad';
}
