import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { DomainError } from '@lib/common';
import type { ApiKeyKind, Principal } from '@lib/accounts';

export const ACCEPTED_KEY_KINDS = 'accepted-key-kinds';
export const LIVE_ONLY_REASON = 'live-only-reason';

/** Why a route has no test mode, said in its 403 to a test key (and in the OpenAPI document as `x-live-only`). */
export const LiveOnly = (reason: string): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(LIVE_ONLY_REASON, reason), ApiExtension('x-live-only', reason));

/** The route a key was refused on, as the 403 names it. */
export interface RefusedRoute {
  method: string;
  path: string;
  /** The route's own reason (@LiveOnly); a generic one otherwise. */
  liveOnlyReason?: string;
}

/**
 * The kinds of key a route (or controller) accepts besides live keys, which every /v1 route accepts: test keys
 * where test mode answers the route, publishable keys on single verify only. A route that declares nothing
 * refuses test and publishable keys (403, KEY_KIND_NOT_ACCEPTED), so a new route fails closed. The OpenAPI
 * document names them on each operation (`x-key-kinds`).
 */
export const AcceptsKeyKinds = (...kinds: Exclude<ApiKeyKind, 'live'>[]): MethodDecorator & ClassDecorator => {
  const accepted: ApiKeyKind[] = ['live', ...kinds];
  return applyDecorators(SetMetadata(ACCEPTED_KEY_KINDS, accepted), ApiExtension('x-key-kinds', accepted));
};

/** Refuses a key whose kind the route does not accept, before anything is spent or read. */
export function enforceKeyKind(principal: Principal, accepted: ApiKeyKind[] | undefined, route: RefusedRoute): void {
  if ((accepted ?? ['live']).includes(principal.kind)) return;
  const where = `${route.method} ${route.path}`;
  throw new DomainError(
    'KEY_KIND_NOT_ACCEPTED',
    principal.kind === 'publishable'
      ? `A publishable key only verifies single addresses (GET or POST /v1/verify/single), not ${where}: use a secret key here.`
      : `A test key cannot call ${where}: ${route.liveOnlyReason ?? 'this route has no test mode'}. Use a live key, or see docs/test-mode.md for the routes test keys answer.`,
    undefined,
    { keyKind: principal.kind },
  );
}
