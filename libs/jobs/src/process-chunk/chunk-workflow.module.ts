import { Module } from '@nestjs/common';
import { CreditsModule } from '@lib/credits';
import { ChunkWorkflow } from './chunk-workflow';

/** The chunk workflow both job kinds' workers run their chunks through. */
@Module({ imports: [CreditsModule], providers: [ChunkWorkflow], exports: [ChunkWorkflow] })
export class ChunkWorkflowModule {}
