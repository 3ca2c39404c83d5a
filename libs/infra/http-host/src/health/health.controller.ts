import { Controller, Get, Inject, Optional, Res } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiPropertyOptional, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope, ErrorEnvelope } from '../docs/api-envelope.decorators';
import type { FastifyReply } from 'fastify';
import { settleWithin } from '@lib/common';
import { EventStore } from '@lib/eventstore';
import { checkpointsAheadOfLog, checkpointsAheadProblem, ReadStore } from '@lib/readstore';
import { MessageBus } from '@lib/messaging';
import { BlobStore } from '@lib/blobstore';
import { Public } from '../http/public-route.decorator';
import { failure, success } from '../http/envelope';
import { RawResponse } from '../http/raw-response.decorator';
import { READY_ADAPTERS, type ReadyAdapters } from './ops-options';
import { ReadinessNotes } from './readiness-notes';

async function probe(ping: () => Promise<boolean>): Promise<boolean> {
  try {
    return await Promise.race([ping(), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000))]);
  } catch {
    return false;
  }
}

class LivenessModel {
  @ApiProperty({ enum: ['ok'] }) status!: string;
}

class ReadinessModel {
  @ApiProperty({ enum: ['ready'] }) status!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'object', properties: { adapter: { type: 'string' }, up: { type: 'boolean' } } },
    description: 'eventStore, readStore, messageBus, blobStore',
  })
  checks!: Record<string, { adapter: string; up: boolean }>;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Port 25 preflight state of the first egress route (informational)',
  })
  smtpEgress?: object;
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description:
      'Each egress route (informational): its state, port 25 through it, its quarantines per provider or MX host, its caps used; proxy passwords masked',
  })
  egressRoutes?: object[];
}

@ApiTags('operations')
@Public()
// No key needed: an empty requirement overrides the document-wide X-API-KEY one.
@ApiSecurity({})
@Controller()
export class HealthController {
  constructor(
    @Inject(READY_ADAPTERS) private readonly adapters: ReadyAdapters,
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    private readonly bus: MessageBus,
    private readonly blobs: BlobStore,
    // Absent when the app adds nothing to /ready.
    @Optional() private readonly notes?: ReadinessNotes,
  ) {}

  @Get('health')
  @ApiOperation({ summary: 'Liveness: the process answers' })
  @ApiEnvelope(LivenessModel)
  health() {
    return { status: 'ok' };
  }

  @Get('ready')
  @RawResponse()
  @ApiOperation({ summary: "Readiness: each adapter's status; 503 when any is down" })
  @ApiEnvelope(ReadinessModel)
  @ApiResponse({ status: 503, description: 'An adapter is down (code 1008)', type: ErrorEnvelope })
  async ready(@Res() reply: FastifyReply) {
    const [eventStore, readStore, messageBus, blobStore, readStoreProblems] = await Promise.all([
      probe(() => this.eventStore.ping()),
      probe(() => this.readStore.ping()),
      probe(() => this.bus.ping()),
      probe(() => this.blobs.ping()),
      settleWithin(this.readStoreProblems(), 2000, []),
    ]);
    // Problems a ping cannot show (a subscription the server refuses, an unsupported server) also make it unready.
    const eventStoreProblems = this.eventStore.problems();
    const checks = {
      eventStore: {
        adapter: this.adapters.eventStore,
        up: eventStore && eventStoreProblems.length === 0,
        ...(eventStoreProblems.length ? { problems: eventStoreProblems } : {}),
      },
      readStore: {
        adapter: this.adapters.readStore,
        up: readStore && readStoreProblems.length === 0,
        ...(readStoreProblems.length ? { problems: readStoreProblems } : {}),
      },
      messageBus: { adapter: this.adapters.messageBus, up: messageBus },
      blobStore: { adapter: this.adapters.blobStore, up: blobStore },
    };
    const allUp = Object.values(checks).every((check) => check.up);
    reply
      .status(allUp ? 200 : 503)
      .send(
        allUp
          ? success({ status: 'ready', checks, ...this.notes?.notes() })
          : { ...failure(1008, `Not ready: ${JSON.stringify(checks)}`) },
      );
  }

  /** A read store built from another event log answers pings but will never show new writes (an api alone cannot tell otherwise). */
  private async readStoreProblems(): Promise<string[]> {
    try {
      const { head, ahead } = await checkpointsAheadOfLog(this.eventStore, this.readStore);
      return ahead.length ? [checkpointsAheadProblem(head, ahead)] : [];
    } catch {
      return []; // a store that does not answer is already shown down by its ping
    }
  }
}
