import { Inject, Injectable, Logger, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { Clock } from '@lib/common';
import type { JobsConfig } from '@lib/config';
import { BusConsumer, IncomingMessage, MessageBus } from '@lib/messaging';
import {
  CHUNK_CONCURRENCY,
  CHUNK_MAX_CONCURRENCY,
  VERIFICATION_CHUNK_TOPIC,
  CHUNK_TOPIC_PARTITIONS,
  VerificationChunkMessage,
  verificationRetryTopic,
} from './chunk-message';
import { VerificationChunkProcessor } from './chunk-processor';
import { ChunkWorkflow, JOBS_CONFIG } from '@lib/jobs';

/** Retry messages waiting for their time hold no resources but a timer, so many may wait at once. */
const RETRY_CONCURRENCY = 64;

/**
 * The worker side of bulk jobs: first passes from `jobs.chunks`, greylisting retries from one topic per
 * level. The bus has no delayed delivery, so a retry handler sleeps until its `notBefore`; as every
 * message of a level has the same delay, the head of a partition is always the next one due.
 */
@Injectable()
export class VerificationChunkConsumers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('jobs');
  private readonly consumers: BusConsumer[] = [];
  private readonly shutdown = new AbortController();

  constructor(
    private readonly bus: MessageBus,
    private readonly workflow: ChunkWorkflow,
    private readonly processor: VerificationChunkProcessor,
    private readonly clock: Clock,
    @Inject(JOBS_CONFIG) private readonly config: JobsConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const retryTopics = this.config.greylistRetryDelaysMs.map((_, k) => verificationRetryTopic(k + 1));
    await this.bus.ensureTopics([VERIFICATION_CHUNK_TOPIC], { minPartitions: CHUNK_TOPIC_PARTITIONS });
    await this.bus.ensureTopics(retryTopics);
    const options = { maxAttempts: 10, retryDelayMs: 500 };
    this.consumers.push(
      await this.bus.subscribe(
        {
          groupId: 'job-chunks',
          topics: [VERIFICATION_CHUNK_TOPIC],
          concurrency: CHUNK_CONCURRENCY,
          maxConcurrency: CHUNK_MAX_CONCURRENCY,
          ...options,
        },
        (m) => this.first(m),
      ),
    );
    if (retryTopics.length > 0) {
      this.consumers.push(
        await this.bus.subscribe(
          { groupId: 'job-chunk-retries', topics: retryTopics, concurrency: RETRY_CONCURRENCY, ...options },
          (m) => this.retry(m),
        ),
      );
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    const stopping = this.consumers.map((c) => c.stop());
    this.shutdown.abort(); // a waiting retry stays uncommitted and is redelivered after a restart
    await Promise.all(stopping);
  }

  private first(message: IncomingMessage<VerificationChunkMessage>): Promise<void> {
    return this.workflow.run(this.processor, message.value);
  }

  private async retry(message: IncomingMessage<VerificationChunkMessage>): Promise<void> {
    const wait = Date.parse(message.value.notBefore ?? '') - this.clock.now();
    if (wait > 0) await sleep(wait, undefined, { signal: this.shutdown.signal });
    this.logger.debug(`retrying ${message.value.items.length} greylisted address(es) of job ${message.value.jobId}`);
    await this.workflow.run(this.processor, message.value);
  }
}
