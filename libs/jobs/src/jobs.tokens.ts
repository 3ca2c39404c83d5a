/** DI token of the VerificationEngine the job workers share (one per process: it owns the SMTP session pool). */
export const JOB_VERIFICATION_ENGINE = Symbol('JOB_VERIFICATION_ENGINE');
