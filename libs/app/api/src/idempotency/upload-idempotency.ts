import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { IdempotencyGate, parseIdempotencyKey } from '@lib/idempotency';

/** What an upload needs to create its job at most once per Idempotency-Key (see createJobOnce). */
export interface UploadIdempotencyContext {
  gate: IdempotencyGate;
  queries: QueryBus;
  reply: FastifyReply;
  /** The validated header, or null when the request has none. */
  key: string | null;
}

/** One place for both upload endpoints to read the header and hand the gate on. */
@Injectable()
export class UploadIdempotency {
  constructor(
    private readonly gate: IdempotencyGate,
    private readonly queries: QueryBus,
  ) {}

  /** Validates the header before a byte of the file is read (400 code 2003 when malformed). */
  forRequest(rawKey: unknown, reply: FastifyReply): UploadIdempotencyContext {
    return { gate: this.gate, queries: this.queries, reply, key: parseIdempotencyKey(rawKey) };
  }
}
