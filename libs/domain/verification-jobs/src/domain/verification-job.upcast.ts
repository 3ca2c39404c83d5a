import type { Upcasters } from '@lib/common';
import { type VerificationJobEvent } from './verification-job.events';

// job events are stored forever; an upcaster here reads a shape stored before today's (CONTRIBUTING.md,
// "When a stored shape changes"). None yet: every stored job event is in today's shape. Every reader
// applies these, inside this lib through the decider and outside it (bus consumers) through this name.
export const VERIFICATION_JOB_UPCASTERS: Upcasters<VerificationJobEvent> = {};
