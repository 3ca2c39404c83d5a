import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { DashboardPrincipal } from '@lib/identity';

export const DASHBOARD_ROUTE = 'dashboard-route';
export const ANONYMOUS_ROUTE = 'dashboard-anonymous-route';

/** A /dashboard/v1 controller: authenticated by the session cookie (DashboardSessionGuard), not an API key. */
export const DashboardRoute = (): ClassDecorator => SetMetadata(DASHBOARD_ROUTE, true);

/** Needs no session (sign-up, sign-in, links from mails); state changes still need the double-submit CSRF token. */
export const Anonymous = (): MethodDecorator => SetMetadata(ANONYMOUS_ROUTE, true);

/** The signed-in dashboard user. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): DashboardPrincipal => {
  return context.switchToHttp().getRequest().dashboardUser;
});
