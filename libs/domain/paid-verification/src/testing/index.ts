// For tests only (production code never imports it: a layer rule refuses it): the verification
// stream and the result the API answers, so the crash spec can compare a replay with what was recorded.
export { verificationStream, type EmailVerified } from '../domain/verification.events';
export { answeredResult, toRecordedResult, type VerificationResult } from '../domain/verification-result';
