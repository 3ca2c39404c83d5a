import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { DECORATORS } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { DomainError } from '@lib/common';

interface DocumentedParameter {
  in?: string;
  name?: string;
  type?: unknown;
  schema?: { type?: unknown };
}

const INTEGER_TEXT = /^-?\d+$/;

/** The query parameters a handler documents as integers (`@ApiQuery` with an integer schema, ApiPageQueries). */
function integerQueryNames(handler: object): string[] {
  const documented = (Reflect.getMetadata(DECORATORS.API_PARAMETERS, handler) ?? []) as DocumentedParameter[];
  return documented
    .filter((p) => p.in === 'query' && typeof p.name === 'string' && (p.schema?.type ?? p.type) === 'integer')
    .map((p) => p.name as string);
}

/**
 * An integer query parameter that is present must be written as one: `?page=`, `?page=abc`, `?page=1.5`
 * and a repeated `?page=1&page=2` are refused (400, code 1006) on every route, instead of each handler
 * reading what it cannot parse as absent. Its range stays the route's rule (pagination answers 1007).
 * The parameters come from the route's OpenAPI declaration, so a documented one is checked without a
 * line in its controller; runs after the guards, so a caller without credentials still gets 401.
 */
@Injectable()
export class IntegerQueryInterceptor implements NestInterceptor {
  private readonly names = new WeakMap<object, string[]>();

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const handler = context.getHandler();
    let names = this.names.get(handler);
    if (!names) this.names.set(handler, (names = integerQueryNames(handler)));
    if (names.length === 0) return next.handle();
    const query = (context.switchToHttp().getRequest<FastifyRequest>().query ?? {}) as Record<string, unknown>;
    for (const name of names) {
      const value = query[name];
      if (value !== undefined && !(typeof value === 'string' && INTEGER_TEXT.test(value)))
        throw new DomainError('VALIDATION_FAILED', `${name}: must be an integer when given (got ${describe(value)}).`);
    }
    return next.handle();
  }
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'the parameter more than once';
  return value === '' ? 'an empty value' : `"${String(value).slice(0, 20)}"`;
}
