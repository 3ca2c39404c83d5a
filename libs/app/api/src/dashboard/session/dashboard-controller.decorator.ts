import { applyDecorators, Controller, UseGuards } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { DashboardRoute } from './dashboard.decorators';
import { DashboardSessionGuard } from './dashboard-session.guard';

/**
 * A /dashboard/v1 controller: the session cookie and CSRF token (DashboardSessionGuard) instead of an
 * API key, listed under the dashboard tag. `anonymous` documents its routes without a session; each
 * of them is also marked `@Anonymous()`, which is what the guard reads.
 */
export const DashboardController = (path: string, access: 'session' | 'anonymous' = 'session'): ClassDecorator =>
  applyDecorators(
    ApiTags('dashboard'),
    ApiSecurity(access === 'session' ? 'session' : {}),
    DashboardRoute(),
    UseGuards(DashboardSessionGuard),
    Controller(path),
  );
