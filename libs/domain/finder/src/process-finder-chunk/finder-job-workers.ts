import { Injectable, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { BlobStore } from '@lib/blobstore';
import { Clock } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { ChunkWorkflow, jobStream } from '@lib/jobs';
import { BusConsumer, IncomingMessage, MessageBus, RelayMessageV1, relayTopic, upcastRelayed } from '@lib/messaging';
import { FinderChunkMessage, FinderChunkProcessor, FINDER_CHUNK_TOPIC } from './finder-chunk.processor';
import { finderJobDecider } from '../domain/finder-job.decider';
import { readFinderPlan } from '../create-finder-job/finder-job-plan';
import type { FinderJobEvent } from '../domain/finder-job.events';

/** The relay's topic for `jobs-` streams (docs/contracts.md). */
const JOB_EVENTS_TOPIC = relayTopic('jobs');
const CHUNK_CONCURRENCY = 2;

/**
 * The worker side of finder jobs. On FinderJobCreated (from the relay, so a job appended just before a
 * crash is still started) the job moves to Processing and its stored plan is published; chunk messages
 * are then looked up by FinderChunkProcessor. A redelivered start publishes again; recorded chunks are
 * ignored by the decider.
 */
@Injectable()
export class FinderJobWorkers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly consumers: BusConsumer[] = [];

  constructor(
    private readonly events: EventStore,
    private readonly bus: MessageBus,
    private readonly blobs: BlobStore,
    private readonly clock: Clock,
    private readonly workflow: ChunkWorkflow,
    private readonly processor: FinderChunkProcessor,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.ensureTopics([JOB_EVENTS_TOPIC, FINDER_CHUNK_TOPIC]);
    this.consumers.push(
      await this.bus.subscribe(
        { groupId: 'finder-job-dispatch', topics: [JOB_EVENTS_TOPIC], maxAttempts: 10, retryDelayMs: 500 },
        (m) => this.dispatch(m),
      ),
    );
    this.consumers.push(
      await this.bus.subscribe(
        {
          groupId: 'finder-job-chunks',
          topics: [FINDER_CHUNK_TOPIC],
          concurrency: CHUNK_CONCURRENCY,
          maxAttempts: 8,
          retryDelayMs: 500,
        },
        (m: IncomingMessage<FinderChunkMessage>) => this.workflow.run(this.processor, m.value),
      ),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.consumers.map((c) => c.stop()));
  }

  private async dispatch(message: IncomingMessage<RelayMessageV1>): Promise<void> {
    const event = upcastRelayed<FinderJobEvent>(message.value, finderJobDecider.upcasters);
    if (event.type !== 'FinderJobCreated') return;
    const created = event.data;
    const run = await runCommand(
      this.events,
      jobStream(created.jobId),
      finderJobDecider,
      { type: 'StartFinderJob', at: this.clock.nowIso() },
      { load: 'last' },
    );
    if (run.state.status !== 'Processing') return;
    for await (const chunk of readFinderPlan(this.blobs, created.file.planKey)) {
      const value: FinderChunkMessage = { jobId: created.jobId, accountId: created.accountId, ...chunk };
      await this.bus.publish(FINDER_CHUNK_TOPIC, [{ key: String(created.jobId), value: { ...value } }]);
    }
  }
}
