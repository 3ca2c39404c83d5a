import { Query } from '@nestjs/cqrs';
import type { DashboardPrincipal } from '@lib/identity';

/** Calls and credits over a span; every row of the report carries them. */
export type UsageTotals = { verifications: number; finderCalls: number; credits: number };

/** The team's usage over the last `days` UTC days, ending today. */
export type TeamUsageReport = {
  from: string;
  to: string;
  daily: Array<UsageTotals & { day: string; byResult: Record<string, number> }>;
  byKey: Array<UsageTotals & { keyId: string; label: string | null; ownerUserId: string | null }>;
  byMember: Array<UsageTotals & { userId: string | null; email: string | null }>;
};

/**
 * The usage report the dashboard shows a signed-in user: `days` from 1 to 90 (30 when absent; anything
 * else is refused with VALIDATION_FAILED), the whole team's usage for owners and admins, a member's own
 * keys and sessions for a member.
 */
export class TeamUsageQuery extends Query<TeamUsageReport> {
  constructor(
    readonly viewer: Pick<DashboardPrincipal, 'accountId' | 'userId' | 'role'>,
    readonly days: number | undefined,
  ) {
    super();
  }
}
