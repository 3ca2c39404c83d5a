import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Observable, map } from 'rxjs';
import { success } from './envelope';
import { refuseMalformedIntegerQueries } from './integer-query-rules';
import { RAW_RESPONSE } from './raw-response.decorator';

/**
 * The one global interceptor: refuses malformed integer query parameters (integer-query-rules.ts), then
 * wraps every controller result in the success envelope. One, not one per concern: each interceptor costs
 * every request an async-context bind and an Observable layer in Nest's chain.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    refuseMalformedIntegerQueries(context);
    if (this.reflector.get<boolean>(RAW_RESPONSE, context.getHandler())) return next.handle();
    return next.handle().pipe(map((data) => success(data ?? null)));
  }
}
