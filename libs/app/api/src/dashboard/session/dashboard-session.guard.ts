import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual, createHash } from 'node:crypto';
import { DomainError } from '@lib/common';
import { DashboardPrincipal, SessionAuthenticator } from '@lib/identity';
import { RateLimits } from '../../auth/rate-limits';
import { ANONYMOUS_ROUTE } from './dashboard.decorators';
import { CSRF_COOKIE, CSRF_HEADER, readCookie, SESSION_COOKIE } from './dashboard-cookies';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every /dashboard/v1 request: the session from its cookie (signed-in routes), and on every
 * state-changing request a CSRF token in X-CSRF-Token. Signed in, the token must be the one issued
 * with the session (synchronizer token); anonymous, it must equal the mc_csrf cookie (double submit),
 * which a cross-site page can neither read nor set. Rate-limited per signed-in user (all their
 * sessions together), and per client address on the anonymous routes (DASHBOARD_RATE_LIMIT_*).
 */
@Injectable()
export class DashboardSessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionAuthenticator,
    private readonly limits: RateLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest & { dashboardUser?: DashboardPrincipal }>();
    const stateChanging = !SAFE_METHODS.has(request.method);
    const presented = headerValue(request.headers[CSRF_HEADER]);
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    if (this.reflector.get<boolean>(ANONYMOUS_ROUTE, context.getHandler())) {
      await this.limits.dashboardClient(request.ip, reply);
      if (stateChanging && !sameText(presented, readCookie(request, CSRF_COOKIE)))
        throw new DomainError('CSRF_REJECTED');
      return true;
    }
    request.dashboardUser = await authenticateSession(this.sessions, request);
    await this.limits.dashboardUser(request.dashboardUser.userId, reply);
    return true;
  }
}

/**
 * The signed-in user of a request from its session cookie; a state-changing request (or any request to
 * a paid route, `alwaysCsrf`) must also carry the session's CSRF token. Used by /dashboard/v1 and by /v1
 * when the web UI calls it without a key.
 */
export async function authenticateSession(
  sessions: SessionAuthenticator,
  request: FastifyRequest,
  alwaysCsrf = false,
): Promise<DashboardPrincipal> {
  const principal = await sessions.authenticate(readCookie(request, SESSION_COOKIE));
  if (alwaysCsrf || !SAFE_METHODS.has(request.method))
    sessions.verifyCsrf(principal, headerValue(request.headers[CSRF_HEADER]));
  return principal;
}

/** Whether the request carries a session cookie at all (the web UI), as opposed to an API client. */
export function hasSessionCookie(request: FastifyRequest): boolean {
  return readCookie(request, SESSION_COOKIE) !== undefined;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

function sameText(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}
