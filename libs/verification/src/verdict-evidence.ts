import type { VerificationVerdict } from './verification.types';

/**
 * What decided a verdict, flat: the MX host and address spoken to and the reply that settled it.
 * Customers and support disputing a verdict ask for exactly this; the API adds it on request and
 * the bulk download as opt-in columns (same names). null where no SMTP conversation decided it.
 */
export interface VerdictEvidence {
  mxHost: string | null;
  mxAddress: string | null;
  smtpCode: number | null;
  smtpEnhanced: string | null;
  smtpReply: string | null;
}

export const EVIDENCE_FIELDS = [
  'mxHost',
  'mxAddress',
  'smtpCode',
  'smtpEnhanced',
  'smtpReply',
] as const satisfies readonly (keyof VerdictEvidence)[];

export function verdictEvidence(verdict: Pick<VerificationVerdict, 'smtp'>): VerdictEvidence {
  const smtp = verdict.smtp;
  return {
    mxHost: smtp?.mxHost ?? null,
    mxAddress: smtp?.mxAddress ?? null,
    smtpCode: smtp?.code ?? null,
    smtpEnhanced: smtp?.enhanced ?? null,
    smtpReply: smtp?.message ?? null,
  };
}
