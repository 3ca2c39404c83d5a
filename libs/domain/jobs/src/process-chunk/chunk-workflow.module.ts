import { Module } from '@nestjs/common';
import { CreditsModule } from '@lib/credits';
import { JobProgressModule } from '../track-progress/job-progress.module';
import { ChunkWorkflow } from './chunk-workflow';

/** The chunk workflow both job kinds' workers run their chunks through. */
@Module({ imports: [CreditsModule, JobProgressModule], providers: [ChunkWorkflow], exports: [ChunkWorkflow] })
export class ChunkWorkflowModule {}
