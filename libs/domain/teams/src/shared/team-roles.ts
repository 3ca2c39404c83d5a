import { DomainError } from '@lib/common';
import type { DashboardPrincipal } from '@lib/identity';

/** Owners and admins manage members (and every key); members use the team's balance with their own keys. */
export function requireManager(user: DashboardPrincipal): void {
  if (user.role !== 'owner' && user.role !== 'admin') throw new DomainError('TEAM_ROLE_FORBIDDEN');
}
