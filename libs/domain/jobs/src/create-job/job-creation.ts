import type { Readable } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { BlobStore } from '@lib/blobstore';
import { Clock } from '@lib/common';
import type { JobsConfig } from '@lib/config';
import { EventStore, runCommand } from '@lib/eventstore';
import { ReadModelFreshness } from '@lib/platform';
import { ReadStore } from '@lib/readstore';
import { jobStream } from '../domain/job-stream';
import type { JobKindStream, JobKindTypes } from '../job-kind';
import { JOBS_CONFIG } from '../jobs.config';
import { duplicateUploadError, findDuplicateUpload } from './duplicate-uploads';
import { UploadStaging, type StagedUpload, type StagingNames } from './upload-staging';

/**
 * One job kind's part of POST (bulk verification, finder): the names of its blobs, how a staged original
 * is planned into the command that creates the job, and the view of the job that command creates.
 */
export interface JobCreationKind<K extends JobKindTypes> extends JobKindStream<K> {
  readonly names: StagingNames;
  /** Reads the staged original with the options, stores the chunk plan, and answers with the creating command (dated `at`). */
  plan(staged: StagedUpload, options: K['options'], keyId: string | undefined, at: string): Promise<K['command']>;
  /** The new job's view from its created event (what the 201 shows). */
  viewOf(created: K['event'], now: number): K['view'];
}

/** The create steps of one job kind, as an upload route drives them. */
export interface JobUploads<K extends JobKindTypes> {
  /** Stores the original (as UTF-8 CSV; `sheet` picks an .xlsx's sheet) while validating it as it streams in. */
  stage(accountId: string, fileName: string, source: Readable, sheet?: string): Promise<StagedUpload>;
  /**
   * Plans the staged original with the now-known options (multipart fields may follow the file) and creates
   * the job. A staged upload with a `fingerprint` the account uploaded recently is refused (409, code 3021,
   * `duplicateOf`) unless `allowDuplicate`: the same list is not verified, and charged, twice by mistake.
   */
  create(staged: StagedUpload, options: K['options'], keyId?: string, allowDuplicate?: boolean): Promise<K['view']>;
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
    private readonly readStore: ReadStore,
    @Inject(JOBS_CONFIG) private readonly config: JobsConfig,
  ) {
    this.staging = new UploadStaging(blobs, clock, config.maxUploadBytes, new Logger('jobs'));
  }

  of<K extends JobKindTypes>(kind: JobCreationKind<K>): JobUploads<K> {
    return {
      stage: (accountId, fileName, source, sheet) => this.staging.stage(accountId, fileName, source, kind.names, sheet),
      create: (staged, options, keyId, allowDuplicate = false) =>
        this.staging.orDiscard(staged, async () => {
          if (!allowDuplicate) await this.refuseDuplicate(kind, staged);
          return this.createStaged(kind, staged, options, keyId);
        }),
      discard: (staged) => this.staging.discard(staged),
    };
  }

  private async refuseDuplicate<K extends JobKindTypes>(kind: JobCreationKind<K>, staged: StagedUpload): Promise<void> {
    if (!staged.fingerprint) return;
    const { accountId, fingerprint } = staged;
    const window = this.config.duplicateWindowHours;
    const earlier = await findDuplicateUpload(
      this.readStore,
      kind.collection,
      accountId,
      fingerprint,
      window,
      this.clock.now(),
    );
    if (earlier) throw duplicateUploadError(earlier);
  }

  private async createStaged<K extends JobKindTypes>(
    kind: JobCreationKind<K>,
    staged: StagedUpload,
    options: K['options'],
    keyId: string | undefined,
  ): Promise<K['view']> {
    const command = await kind.plan(staged, options, keyId, this.clock.nowIso());
    const run = await runCommand(this.events, jobStream(staged.jobId), kind.decider, command, { maxAttempts: 1 });
    await this.freshness.waitForDocument(kind.collection, String(staged.jobId), run.position, 5_000);
    return kind.viewOf(run.events[0], this.clock.now());
  }
}
