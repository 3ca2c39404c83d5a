import type { Readable } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { BlobStore } from '@lib/blobstore';
import { Clock, type Decider, type DomainEvent } from '@lib/common';
import { AppConfig } from '@lib/config';
import { EventStore, runCommand } from '@lib/eventstore';
import { APP_CONFIG, ReadModelFreshness } from '@lib/platform';
import { jobStream } from '../domain/job.decider';
import { UploadStaging, type StagedUpload, type StagingNames } from './upload-staging';

/**
 * One job kind's part of POST (bulk verification, finder): the names of its blobs, how a staged original
 * is planned into the command that creates the job, and the view of the job that command creates.
 */
export interface JobCreationKind<O, C, E extends DomainEvent, S, V> {
  readonly names: StagingNames;
  readonly decider: Decider<C, E, S>;
  /** The read model the new job appears in: the 201 waits for it, so a GET right after finds the job. */
  readonly collection: string;
  /** Reads the staged original with the options, stores the chunk plan, and answers with the creating command (dated `at`). */
  plan(staged: StagedUpload, options: O, keyId: string | undefined, at: string): Promise<C>;
  /** The new job's view from its created event (what the 201 shows). */
  viewOf(created: E, position: number, now: number): V;
}

/** The create steps of one job kind, as an upload route drives them. */
export interface JobUploads<O, V> {
  /** Stores the original while validating it as it streams in. */
  stage(accountId: string, fileName: string, source: Readable): Promise<StagedUpload>;
  /** Plans the staged original with the now-known options (multipart fields may follow the file) and creates the job. */
  create(staged: StagedUpload, options: O, keyId?: string): Promise<V>;
  /** Removes a staged upload's blobs (a request that failed after the file arrived). */
  discard(staged: Pick<StagedUpload, 'blobKey' | 'planKey'>): Promise<void>;
}

/**
 * POST of every job kind in two passes: `stage` stores the original while validating it; `create` reads it
 * again with the options, lets the kind plan it (dedupe, cut and store the chunk plan), then appends the
 * kind's created event. Until that event is appended nothing is visible, and every failure deletes what
 * was stored: no job, no orphan blob.
 */
@Injectable()
export class JobCreation {
  private readonly staging: UploadStaging;

  constructor(
    private readonly events: EventStore,
    blobs: BlobStore,
    private readonly clock: Clock,
    private readonly freshness: ReadModelFreshness,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.staging = new UploadStaging(blobs, clock, config.jobs.maxUploadBytes, new Logger('jobs'));
  }

  of<O, C, E extends DomainEvent, S, V>(kind: JobCreationKind<O, C, E, S, V>): JobUploads<O, V> {
    return {
      stage: (accountId, fileName, source) => this.staging.stage(accountId, fileName, source, kind.names),
      create: (staged, options, keyId) =>
        this.staging.orDiscard(staged, () => this.createStaged(kind, staged, options, keyId)),
      discard: (staged) => this.staging.discard(staged),
    };
  }

  private async createStaged<O, C, E extends DomainEvent, S, V>(
    kind: JobCreationKind<O, C, E, S, V>,
    staged: StagedUpload,
    options: O,
    keyId: string | undefined,
  ): Promise<V> {
    const command = await kind.plan(staged, options, keyId, this.clock.nowIso());
    const run = await runCommand(this.events, jobStream(staged.jobId), kind.decider, command, { maxAttempts: 1 });
    await this.freshness.waitForDocument(kind.collection, String(staged.jobId), run.position, 5_000);
    return kind.viewOf(run.events[0], run.position, this.clock.now());
  }
}
