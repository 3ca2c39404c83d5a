import { Module, OnModuleInit } from '@nestjs/common';
import { ReadStore } from '@lib/readstore';
import { CHUNK_PROGRESS_COLLECTION, ChunkProgressBoard } from './chunk-progress-board';

/** The live row counts of chunks in flight: written by the workers of both job kinds, read by their views. */
@Module({ providers: [ChunkProgressBoard], exports: [ChunkProgressBoard] })
export class JobProgressModule implements OnModuleInit {
  constructor(private readonly readStore: ReadStore) {}

  async onModuleInit(): Promise<void> {
    await this.readStore.collection(CHUNK_PROGRESS_COLLECTION).ensureIndex({ jobId: 1 });
  }
}
