import { ArgumentsHost, Catch, ExceptionFilter, Logger, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFoundResponse } from './configure-fastify';
import { mapError } from './error-mapping';
import { ROUTES } from './route-table';

/** Every error thrown inside a Nest handler, guard or pipe leaves as the error envelope. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    if (error instanceof NotFoundException && /^Cannot [A-Z]+ /.test(error.message)) {
      // Nest's handler for unmatched routes: answer 405 when the path exists under another method.
      const answer = notFoundResponse(ROUTES, request.method, request.url);
      if (answer.allow) reply.header('Allow', answer.allow);
      reply.status(answer.status).type('application/json; charset=utf-8').send(answer.body);
      return;
    }
    const mapped = mapError(error);
    if (mapped.unexpected) {
      this.logger.error({
        msg: 'unhandled error',
        reqId: request.id,
        url: request.url,
        err: (error as Error)?.stack ?? String(error),
      });
    }
    if (reply.sent) return; // a streamed response already started; nothing more can be said to the client
    for (const [name, value] of Object.entries(mapped.headers ?? {})) reply.header(name, value);
    reply.status(mapped.status).type('application/json; charset=utf-8').send(mapped.body);
  }
}
