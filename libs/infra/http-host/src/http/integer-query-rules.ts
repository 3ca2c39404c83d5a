import type { ExecutionContext } from '@nestjs/common';
import { DECORATORS } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '@lib/common';

interface DocumentedParameter {
  in?: string;
  name?: string;
  type?: unknown;
  schema?: { type?: unknown };
}

const INTEGER_TEXT = /^-?\d+$/;

/** Per handler, read once from its declaration. */
const namesByHandler = new WeakMap<object, string[]>();

/** The query parameters a handler documents as integers (`@ApiQuery` with an integer schema, ApiPageQueries). */
function integerQueryNames(handler: object): string[] {
  let names = namesByHandler.get(handler);
  if (!names) {
    const documented = (Reflect.getMetadata(DECORATORS.API_PARAMETERS, handler) ?? []) as DocumentedParameter[];
    names = documented
      .filter((p) => p.in === 'query' && typeof p.name === 'string' && (p.schema?.type ?? p.type) === 'integer')
      .map((p) => p.name as string);
    namesByHandler.set(handler, names);
  }
  return names;
}

/**
 * An integer query parameter that is present must be written as one: `?page=`, `?page=abc`, `?page=1.5`
 * and a repeated `?page=1&page=2` are refused (400, code 1006) on every route, instead of each handler
 * reading what it cannot parse as absent. Its range stays the route's rule (pagination answers 1007).
 * The parameters come from the route's OpenAPI declaration, so a documented one is checked without a
 * line in its controller. Called by the envelope interceptor, so after the guards: a caller without
 * credentials still gets 401.
 */
export function refuseMalformedIntegerQueries(context: ExecutionContext): void {
  if (context.getType() !== 'http') return;
  const names = integerQueryNames(context.getHandler());
  if (names.length === 0) return;
  const query = (context.switchToHttp().getRequest<FastifyRequest>().query ?? {}) as Record<string, unknown>;
  for (const name of names) {
    const value = query[name];
    if (value !== undefined && !(typeof value === 'string' && INTEGER_TEXT.test(value)))
      throw new DomainError('VALIDATION_FAILED', `${name}: must be an integer when given (got ${describe(value)}).`);
  }
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'the parameter more than once';
  return value === '' ? 'an empty value' : `"${String(value).slice(0, 20)}"`;
}
