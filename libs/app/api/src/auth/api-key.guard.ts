import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiKeyAuthenticator, type ApiKeyKind, type KeyScope, Principal } from '@lib/accounts';
import { SessionAuthenticator } from '@lib/identity';
import { API_CONFIG, type ApiConfig } from '../api.config';
import { allowCorsOrigin, PUBLIC_ROUTE } from '@lib/http-host';
import { ADMIN_ROUTE, PAID_ROUTE, QUERY_KEY_ALLOWED, REQUIRED_SCOPE } from './auth.decorators';
import { enforceKeyLimits } from './key-limits';
import { ACCEPTED_KEY_KINDS, enforceKeyKind, LIVE_ONLY_REASON } from './key-kinds';
import { enforceKeyOrigin } from './key-origin';
import { DASHBOARD_ROUTE } from '../dashboard/session/dashboard.decorators';
import { authenticateSession, hasSessionCookie } from '../dashboard/session/dashboard-session.guard';
import { RateLimits } from './rate-limits';
import { verifyAdminToken } from './admin-token';
import { AdminGuessThrottle } from './admin-guess-throttle';

/**
 * Authenticates every route by X-API-KEY (or the admin token on admin routes, throttled per client
 * address), then the key's kind (key-kinds.ts), a publishable key's Origin (key-origin.ts, which opens CORS
 * to that origin), then the key's limits (client-address allowlist, then the route's scope: key-limits.ts), then the
 * rate limits of the key and of its account (a publishable key's per visitor, minute and day first). The dashboard's web UI calls /v1 without a key (a key is a server-side secret):
 * a request with no key but a session cookie is the signed-in user spending their team's credits,
 * with the session's CSRF token required on every state change and every paid call (a paid GET too),
 * rate-limited per user (all their sessions together) and per account. /dashboard/v1 is rate-limited by its session guard.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: ApiKeyAuthenticator,
    private readonly sessions: SessionAuthenticator,
    // Shared by every api process on one read store (MONGO_URL), so replicas allow one key one rate.
    private readonly limits: RateLimits,
    // Wrong admin tokens per client address, counted in the same shared store.
    private readonly adminThrottle: AdminGuessThrottle,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const request = context.switchToHttp().getRequest<FastifyRequest & { principal?: unknown }>();
    if (this.reflector.getAllAndOverride<boolean>(ADMIN_ROUTE, targets)) {
      await this.adminThrottle.guard(request.ip, () =>
        verifyAdminToken(this.config.adminToken, request.headers.authorization),
      );
      return true;
    }
    // Public routes need nothing; dashboard routes are authenticated by their session guard instead.
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    if (this.reflector.getAllAndOverride<boolean>(DASHBOARD_ROUTE, targets)) return true;
    const key = this.presentedKey(request, targets);
    const principal =
      key === undefined && hasSessionCookie(request)
        ? await this.sessionPrincipal(request, this.reflector.getAllAndOverride<boolean>(PAID_ROUTE, targets) ?? false)
        : await this.authenticator.authenticate(key);
    enforceKeyKind(principal, this.reflector.getAllAndOverride<ApiKeyKind[]>(ACCEPTED_KEY_KINDS, targets), {
      method: request.method,
      path: request.routeOptions.url ?? request.url.split('?')[0],
      liveOnlyReason: this.reflector.getAllAndOverride<string>(LIVE_ONLY_REASON, targets),
    });
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    // Past the origin check the page may read every answer, a 402 or 429 included; before it, none.
    if (principal.kind === 'publishable') allowCorsOrigin(reply, enforceKeyOrigin(principal, request.headers.origin));
    enforceKeyLimits(principal, request.ip, this.reflector.getAllAndOverride<KeyScope>(REQUIRED_SCOPE, targets));
    request.principal = principal;
    await this.limits.v1(principal, reply, request.ip);
    return true;
  }

  private async sessionPrincipal(request: FastifyRequest, paid: boolean): Promise<Principal> {
    const user = await authenticateSession(this.sessions, request, paid);
    // Account management (keys, team, billing) lives under /dashboard/v1 with its own role checks; on /v1 a session only spends.
    return {
      keyId: `session:${user.sessionId}`,
      accountId: user.accountId,
      role: 'member',
      userId: user.userId,
      kind: 'live',
    };
  }

  private presentedKey(
    request: FastifyRequest,
    targets: Parameters<Reflector['getAllAndOverride']>[1],
  ): string | undefined {
    const header = request.headers['x-api-key'];
    if (typeof header === 'string' && header) return header;
    if (this.reflector.getAllAndOverride<boolean>(QUERY_KEY_ALLOWED, targets)) {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const value = query['X-API-KEY'] ?? query['x-api-key'];
      if (typeof value === 'string' && value) return value;
    }
    return undefined;
  }
}
