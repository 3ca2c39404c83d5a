import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { KeyScope, Principal } from '@lib/accounts';

export const QUERY_KEY_ALLOWED = 'query-key-allowed';
export const ADMIN_ROUTE = 'admin-route';
export const PAID_ROUTE = 'paid-route';
export const REQUIRED_SCOPE = 'required-scope';

/**
 * The scope a key needs for the routes of this controller (or this handler): the guard refuses a key
 * without it (403, API_KEY_SCOPE_MISSING), and the OpenAPI document names it on each operation
 * (`x-required-scope`). Every /v1 route declares one (test/e2e/foundation/key-scopes.e2e.spec.ts).
 */
export const RequiresScope = (scope: KeyScope): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(REQUIRED_SCOPE, scope), ApiExtension('x-required-scope', scope));

/** The key may also arrive as the X-API-KEY query parameter (only GET /v1/verify/single; discouraged). */
export const AllowQueryApiKey = (): MethodDecorator => SetMetadata(QUERY_KEY_ALLOWED, true);

/**
 * Spends credits whatever its HTTP method: a dashboard session calling it must send its CSRF token even
 * on GET, since a cross-site link (a top-level navigation) carries the SameSite=Lax cookie but never the header.
 */
export const PaidRoute = (): MethodDecorator & ClassDecorator => SetMetadata(PAID_ROUTE, true);

/** Guarded by the admin bearer token instead of an API key. */
export const AdminRoute = (): ClassDecorator => SetMetadata(ADMIN_ROUTE, true);

/** The authenticated caller. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  return context.switchToHttp().getRequest().principal;
});
