export { PaidVerificationModule } from './paid-verification/paid-verification.module';
export { PaidVerification, type BatchResponse } from './paid-verification/paid-verification';
export type { VerificationResult } from './domain/verification-result';
export { VerificationRecordsModule } from './records/verification-records.module';
export { creditsFor } from './domain/verification-price';
export type { VerificationEvent } from './domain/verification.events';
export { VERIFICATION_PERSONAL_DATA } from './domain/verification-personal-data';
export { VERIFICATION_ANALYTICS } from './domain/verification-analytics';
