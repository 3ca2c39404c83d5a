import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Observable, map } from 'rxjs';
import { success } from './envelope';
import { RAW_RESPONSE } from './raw-response.decorator';

/** Wraps every controller result in the success envelope. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (this.reflector.get<boolean>(RAW_RESPONSE, context.getHandler())) return next.handle();
    return next.handle().pipe(map((data) => success(data ?? null)));
  }
}
