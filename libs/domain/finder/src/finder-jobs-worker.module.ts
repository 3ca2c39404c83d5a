import { Module } from '@nestjs/common';
import { LedgerModule } from '@lib/ledger';
import { ChunkWorkflowModule } from '@lib/jobs';
import { FinderModule } from './finder.module';
import { FinderChunkProcessor } from './process-finder-chunk/finder-chunk.processor';
import { FinderJobWorkers } from './process-finder-chunk/finder-job-workers';

/** The worker role's part of finder jobs: starting them and looking up their chunks (needs the app's VerificationEngine). */
@Module({
  imports: [LedgerModule, ChunkWorkflowModule, FinderModule],
  providers: [FinderChunkProcessor, FinderJobWorkers],
})
export class FinderJobsWorkerModule {}
