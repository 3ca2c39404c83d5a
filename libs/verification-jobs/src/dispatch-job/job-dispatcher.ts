import { Injectable, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { BlobStore } from '@lib/blobstore';
import { Clock } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { BusConsumer, IncomingMessage, MessageBus, RelayMessageV1, relayTopic, upcastRelayed } from '@lib/messaging';
import { jobDecider } from '../domain/verification-job.decider';
import { JobCreated, JobEvent } from '../domain/verification-job.events';
import { CHUNK_TOPIC, CHUNK_TOPIC_PARTITIONS, ChunkMessage } from '../process-chunk/chunk-message';
import { readPlan } from './plan-reader';
import { jobStream } from '@lib/jobs';

/** The relay's topic for `jobs-` streams (docs/contracts.md). */
export const JOB_EVENTS_TOPIC = relayTopic('jobs');

/**
 * Starts jobs: on JobCreated (delivered by the event relay, so a job appended just before a crash is
 * still dispatched), moves the job to Processing, then publishes its stored chunk plan. A redelivery
 * publishes the plan again; workers skip chunks already recorded. A job cancelled before this runs is
 * never published.
 */
@Injectable()
export class JobDispatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private consumer?: BusConsumer;

  constructor(
    private readonly events: EventStore,
    private readonly bus: MessageBus,
    private readonly blobs: BlobStore,
    private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.ensureTopics([JOB_EVENTS_TOPIC]);
    await this.bus.ensureTopics([CHUNK_TOPIC], { minPartitions: CHUNK_TOPIC_PARTITIONS });
    this.consumer = await this.bus.subscribe(
      { groupId: 'job-dispatch', topics: [JOB_EVENTS_TOPIC], maxAttempts: 10, retryDelayMs: 500 },
      (m) => this.handle(m),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }

  private async handle(message: IncomingMessage<RelayMessageV1>): Promise<void> {
    const event = upcastRelayed<JobEvent>(message.value, jobDecider.upcasters);
    if (event.type !== 'JobCreated') return;
    await this.dispatch(event.data);
  }

  async dispatch(created: JobCreated['data']): Promise<void> {
    const run = await runCommand(
      this.events,
      jobStream(created.jobId),
      jobDecider,
      { type: 'StartJob', at: this.clock.nowIso() },
      { load: 'last' },
    );
    if (run.state.status !== 'Processing') return;
    for await (const chunks of readPlan(this.blobs, created.file.planKey, 100)) {
      await this.bus.publish(
        CHUNK_TOPIC,
        chunks.map((chunk) => {
          const value: ChunkMessage = {
            jobId: created.jobId,
            accountId: created.accountId,
            chunkNo: chunk.chunkNo,
            level: 0,
            items: chunk.items,
          };
          return { key: chunk.key, partition: chunk.partition, value: { ...value } };
        }),
      );
    }
  }
}
