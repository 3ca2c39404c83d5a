import { FINDER_CALL_ANALYTICS, FINDER_JOB_ANALYTICS } from '@lib/finder';
import { JOB_NOTICE_ANALYTICS } from '@lib/jobs';
import type { AnalyticsAllowlists } from '@lib/messaging';
import { VERIFICATION_ANALYTICS } from '@lib/paid-verification';
import { VERIFICATION_JOB_ANALYTICS } from '@lib/verification-jobs';

/**
 * What the allowlisted analytics topics publish, per event type, from the domains that own the events
 * (docs/personal-data.md, Analytics topics). events.jobs carries both job kinds (one `jobs-<id>` stream category).
 */
export const ANALYTICS_ALLOWLISTS: AnalyticsAllowlists = {
  verifications: VERIFICATION_ANALYTICS,
  finder: FINDER_CALL_ANALYTICS,
  jobs: { ...VERIFICATION_JOB_ANALYTICS, ...FINDER_JOB_ANALYTICS },
  jobnotices: JOB_NOTICE_ANALYTICS,
};
