import { Module } from '@nestjs/common';
import { LedgerModule } from '@lib/ledger';
import { JobProgressModule } from '../track-progress/job-progress.module';
import { ChunkWorkflow } from './chunk-workflow';

/** The chunk workflow both job kinds' workers run their chunks through. */
@Module({ imports: [LedgerModule, JobProgressModule], providers: [ChunkWorkflow], exports: [ChunkWorkflow] })
export class ChunkWorkflowModule {}
