import type { VerificationVerdict } from './verification.types';

/**
 * What decided a verdict, flat: the MX host and address spoken to, the reply that settled it and the
 * egress route it came through.
 * Customers and support disputing a verdict ask for exactly this; the API adds it on request and
 * the bulk download as opt-in columns (same names). null where no SMTP conversation decided it.
 */
export interface VerdictEvidence {
  mxHost: string | null;
  mxAddress: string | null;
  smtpCode: number | null;
  smtpEnhanced: string | null;
  smtpReply: string | null;
  /** The egress route the probe went out on (SMTP_ROUTES' names; 'default' without them). */
  egressRoute: string | null;
}

export const EVIDENCE_FIELDS = [
  'mxHost',
  'mxAddress',
  'smtpCode',
  'smtpEnhanced',
  'smtpReply',
  'egressRoute',
] as const satisfies readonly (keyof VerdictEvidence)[];

export function verdictEvidence(verdict: Pick<VerificationVerdict, 'smtp'>): VerdictEvidence {
  const smtp = verdict.smtp;
  return {
    mxHost: smtp?.mxHost ?? null,
    mxAddress: smtp?.mxAddress ?? null,
    smtpCode: smtp?.code ?? null,
    smtpEnhanced: smtp?.enhanced ?? null,
    smtpReply: smtp?.message ?? null,
    egressRoute: smtp?.route ?? null,
  };
}
