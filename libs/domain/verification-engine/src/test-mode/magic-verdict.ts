import type { DomainError } from '@lib/common';
import { earlyVerdict } from '../engine/verdict-builder';
import { isFreeProvider } from '../lists/free-providers';
import { isRoleLocalPart } from '../lists/role-local-parts';
import { qualityFor, riskScore } from '../scoring/risk-score';
import { canonicalEmail } from '../syntax/canonical-email';
import { suggestCorrection } from '../syntax/did-you-mean';
import { checkSyntax } from '../syntax/email-syntax';
import { RESULT_CODES, type VerificationMode, type VerificationVerdict } from '../verification.types';
import { MAGIC_ADDRESSES, magicName, OUTSIDE_THE_TABLE, type MagicAnswer } from './magic-addresses';
import { magicError } from './magic-errors';

/** Test mode's answer for one address: a verdict (after `delayMs`), or the error the call answers instead. */
export type MagicOutcome = { verdict: VerificationVerdict; delayMs: number } | { error: DomainError };

/**
 * Decides one address from the magic table alone: no DNS, no SMTP, no clock. Syntax and did-you-mean are
 * the live engine's own pure steps; the rest is the row of the local part (or OUTSIDE_THE_TABLE). The error
 * rows (402, 429, 503) answer on interactive calls only: a row of a list has no HTTP answer of its own, so
 * in a job they read as an address outside the table.
 */
export function magicOutcome(raw: string, mode: VerificationMode): MagicOutcome {
  const email = raw.trim();
  const didYouMean = suggestCorrection(email);
  const syntax = checkSyntax(email);
  if (!syntax.ok) return { verdict: earlyVerdict(email, 'invalid', 'invalid_syntax', didYouMean, 0), delayMs: 0 };
  const name = magicName(syntax.local);
  const error = mode === 'interactive' ? magicError(name) : null;
  if (error) return { error };
  const answer: MagicAnswer = Object.hasOwn(MAGIC_ADDRESSES, name) ? MAGIC_ADDRESSES[name] : OUTSIDE_THE_TABLE;
  const role = answer.role ?? isRoleLocalPart(syntax.local);
  const antiSpam = answer.antiSpam ?? false;
  const score = riskScore({
    result: answer.result,
    role,
    didYouMean: didYouMean !== null,
    antiSpam,
    acceptsAllProvider: answer.subResult === 'accept_all_provider',
  });
  const delayMs = answer.delayMs ?? 0;
  const verdict: VerificationVerdict = {
    email,
    normalized: `${syntax.local}@${syntax.domain}`,
    canonical: canonicalEmail(email) ?? email.toLowerCase(),
    domain: syntax.domain,
    result: answer.result,
    resultCode: RESULT_CODES[answer.result],
    subResult: answer.subResult,
    quality: qualityFor(answer.result, score),
    free: isFreeProvider(syntax.domain),
    role,
    disposable: answer.disposable ?? false,
    catchAll: answer.catchAll ?? false,
    didYouMean,
    provider: answer.provider ?? '',
    antiSpam,
    riskScore: score,
    executionMs: delayMs,
    ...(answer.retryAfterMs !== undefined ? { retryAfterMs: answer.retryAfterMs } : {}),
  };
  return { verdict, delayMs };
}
