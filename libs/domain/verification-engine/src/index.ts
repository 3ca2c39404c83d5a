export {
  RESULT_CODES,
  type CandidateProbe,
  type CandidateProbeReport,
  type PublicVerdict,
  type SmtpDiagnostics,
  type VerificationMode,
  type VerificationQuality,
  type VerificationResultName,
  type VerificationVerdict,
} from './verification.types';
export {
  SILENT_VERIFICATION_OBSERVER,
  type AdaptiveDecision,
  type VerificationObserver,
} from './verification-observer';
export type { ProbeKind } from './engine/probe-outcome';
export type { VerificationConfig } from './verification.config';
export { VerificationEngine, type VerifyManyOptions } from './engine/verification-engine';
export { AddressVerifier } from './test-mode/address-verifier';
export { Verifiers } from './test-mode/verifiers';
export { MagicVerifier } from './test-mode/magic-verifier';
export { magicError, MAGIC_ERROR_NAMES } from './test-mode/magic-errors';
export { checkSyntax } from './syntax/email-syntax';
export { canonicalEmail, normalizeEmail } from './syntax/canonical-email';
export { suggestCorrection } from './syntax/did-you-mean';
export { DEFAULT_PREFLIGHT_HOST, smtpPreflight } from './smtp/smtp-preflight';
export type { EgressRouteReport } from './egress/egress-report';
export { EGRESS_RECHECK_MS, SmtpEgress, type SmtpEgressState, type SmtpEgressStatus } from './smtp/smtp-egress';
export { isFreeProvider } from './lists/free-providers';
export { isDisposableDomain } from './lists/disposable-domains';
export { isRoleLocalPart } from './lists/role-local-parts';
export { riskScore, qualityFor, RESULT_BASE, SIGNAL_WEIGHTS } from './scoring/risk-score';
export { providerForMx } from './providers/provider-playbook';
export { EVIDENCE_FIELDS, verdictEvidence, type VerdictEvidence } from './verdict-evidence';
export { earlyVerdict } from './engine/verdict-builder';
export { HostNotFoundError, HostResolver, type ResolvedAddress } from './dns/host-resolver';
export type { ProbeLane } from './smtp/mx-pool';
export { MxSlots } from './smtp/mx-slots';
export { VerificationEngineModule, VERIFICATION_OBSERVER } from './verification-engine.module';
