import { Injectable, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { BlobStore } from '@lib/blobstore';
import { Clock } from '@lib/common';
import { EventStore, readEvents, runCommand } from '@lib/eventstore';
import { BusConsumer, IncomingMessage, MessageBus, RelayMessageV1, relayTopic, upcastRelayed } from '@lib/messaging';
import { verificationJobDecider } from '../domain/verification-job.decider';
import { ChunkRetryScheduled, JobCreated, VerificationJobEvent, JobResumed } from '../domain/verification-job.events';
import {
  VERIFICATION_CHUNK_TOPIC,
  CHUNK_TOPIC_PARTITIONS,
  VerificationChunkMessage,
} from '../process-chunk/chunk-message';
import { publishLater } from '../process-chunk/chunk-processor';
import { readPlan } from './plan-reader';
import { hasChunk, jobStream, scanJobStreamBackwards } from '@lib/jobs';

/** The relay's topic for `jobs-` streams (docs/contracts.md). */
export const JOB_EVENTS_TOPIC = relayTopic('jobs');

/**
 * Starts jobs: on JobCreated (delivered by the event relay, so a job appended just before a crash is
 * still dispatched), moves the job to Processing, then publishes its stored chunk plan. A redelivery
 * publishes the plan again; workers skip chunks already recorded. A job cancelled before this runs is
 * never published. On JobResumed it publishes the chunks still undone in the new run: the plan's and
 * those scheduled later (greylisting retries, remainders), skipping every chunk recorded before.
 */
@Injectable()
export class VerificationJobDispatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private consumer?: BusConsumer;

  constructor(
    private readonly events: EventStore,
    private readonly bus: MessageBus,
    private readonly blobs: BlobStore,
    private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.ensureTopics([JOB_EVENTS_TOPIC]);
    await this.bus.ensureTopics([VERIFICATION_CHUNK_TOPIC], { minPartitions: CHUNK_TOPIC_PARTITIONS });
    this.consumer = await this.bus.subscribe(
      { groupId: 'job-dispatch', topics: [JOB_EVENTS_TOPIC], maxAttempts: 10, retryDelayMs: 500 },
      (m) => this.handle(m),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }

  private async handle(message: IncomingMessage<RelayMessageV1>): Promise<void> {
    const event = upcastRelayed<VerificationJobEvent>(message.value, verificationJobDecider.upcasters);
    if (event.type === 'JobCreated') await this.dispatch(event.data);
    if (event.type === 'JobResumed') await this.redispatch(event.data);
  }

  async dispatch(created: JobCreated['data']): Promise<void> {
    const run = await runCommand(
      this.events,
      jobStream(created.jobId),
      verificationJobDecider,
      { type: 'StartJob', at: this.clock.nowIso() },
      { load: 'last' },
    );
    if (run.state.status !== 'Processing') return;
    await this.publishPlan(created, () => true);
  }

  /** A resumed job's undone chunks, in its new run; a redelivery publishes them again (workers skip done ones). */
  async redispatch(resumed: JobResumed['data']): Promise<void> {
    const { jobId, accountId, run, snapshot } = resumed;
    const undone = (chunkNo: number) => !hasChunk(snapshot.doneChunks, chunkNo);
    const created = await this.createdEvent(jobId);
    await this.publishPlan({ ...created, run }, undone);
    for (const later of await this.scheduledLater(jobId)) {
      if (undone(later.retryChunkNo)) await publishLater(this.bus, { jobId, accountId, run }, later);
    }
  }

  private async publishPlan(
    job: Pick<JobCreated['data'], 'jobId' | 'accountId' | 'file'> & { run?: number },
    include: (chunkNo: number) => boolean,
  ): Promise<void> {
    for await (const planned of readPlan(this.blobs, job.file.planKey, 100)) {
      const chunks = planned.filter((chunk) => include(chunk.chunkNo));
      if (chunks.length === 0) continue;
      await this.bus.publish(
        VERIFICATION_CHUNK_TOPIC,
        chunks.map((chunk) => {
          const value: VerificationChunkMessage = {
            jobId: job.jobId,
            accountId: job.accountId,
            chunkNo: chunk.chunkNo,
            level: 0,
            items: chunk.items,
            ...(job.run ? { run: job.run } : {}),
          };
          return { key: chunk.key, partition: chunk.partition, value: { ...value } };
        }),
      );
    }
  }

  private async createdEvent(jobId: number): Promise<JobCreated['data']> {
    const [first] = await readEvents<VerificationJobEvent>(
      this.events,
      jobStream(jobId),
      verificationJobDecider.upcasters,
      { maxCount: 1 },
    );
    if (first?.type !== 'JobCreated') throw new Error(`job ${jobId} does not start with JobCreated`);
    return first.data;
  }

  /** Every chunk a record scheduled (greylisting retries, remainders), done or not. */
  private async scheduledLater(jobId: number): Promise<ChunkRetryScheduled['data'][]> {
    const later: ChunkRetryScheduled['data'][] = [];
    await scanJobStreamBackwards<VerificationJobEvent>(
      this.events,
      jobId,
      verificationJobDecider.upcasters,
      (event) => {
        if (event.type === 'ChunkRetryScheduled') later.unshift(event.data);
        return false;
      },
    );
    return later;
  }
}
