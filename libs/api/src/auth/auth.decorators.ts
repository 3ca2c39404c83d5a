import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Principal } from '@lib/accounts';

export const QUERY_KEY_ALLOWED = 'query-key-allowed';
export const ADMIN_ROUTE = 'admin-route';
export const PAID_ROUTE = 'paid-route';

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
