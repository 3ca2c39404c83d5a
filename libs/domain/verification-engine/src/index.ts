export {
  RESULT_CODES,
  type CandidateProbe,
  type CandidateProbeReport,
  type PublicVerdict,
  type VerificationMode,
  type VerificationResultName,
  type VerificationVerdict,
} from './verification.types';
export type { AdaptiveDecision, VerificationObserver } from './verification-observer';
export type { ProbeKind } from './engine/probe-outcome';
export { VerificationEngine } from './engine/verification-engine';
export { Verifiers } from './test-mode/verifiers';
export { magicError } from './test-mode/magic-errors';
export { checkSyntax } from './syntax/email-syntax';
export { canonicalEmail } from './syntax/canonical-email';
export { suggestCorrection } from './syntax/did-you-mean';
export type { EgressRouteReport } from './egress/egress-report';
export { isFreeProvider } from './lists/free-providers';
export { EVIDENCE_FIELDS, verdictEvidence, type VerdictEvidence } from './verdict-evidence';
export { earlyVerdict } from './engine/verdict-builder';
export { HostResolver } from './dns/host-resolver';
export { VerificationEngineModule, VERIFICATION_OBSERVER } from './verification-engine.module';
