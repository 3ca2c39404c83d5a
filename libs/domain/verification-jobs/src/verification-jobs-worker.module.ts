import { Module } from '@nestjs/common';
import { LedgerModule } from '@lib/ledger';
import { VerificationJobDispatcher } from './dispatch-job/job-dispatcher';
import { VerificationChunkConsumers } from './process-chunk/chunk-consumers';
import { VerificationChunkProcessor } from './process-chunk/chunk-processor';
import { ChunkWorkflowModule, JobsConfigModule } from '@lib/jobs';

/**
 * The worker role's part of bulk jobs: dispatching new jobs and verifying their chunks. Chunks are
 * probed with the process's one VerificationEngine (provided globally by the app's engine module), so
 * every probe shares one per-MX session pool and its concurrency limit.
 */
@Module({
  imports: [LedgerModule, ChunkWorkflowModule, JobsConfigModule],
  providers: [VerificationChunkProcessor, VerificationChunkConsumers, VerificationJobDispatcher],
})
export class VerificationJobsWorkerModule {}
