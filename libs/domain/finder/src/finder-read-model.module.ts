import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '@lib/platform';
import { ReadStore } from '@lib/readstore';
import {
  FINDER_JOB_RESULTS_COLLECTION,
  FINDER_JOBS_COLLECTION,
  finderJobsProjection,
} from './query-finder-jobs/finder-job.projection';
import { FOUND_ADDRESS_READERS } from './known-addresses/found-address-readers';
import { knownAddressesProjection } from './known-addresses/known-addresses.projection';

/** Registers the finder's read models (known addresses, finder jobs); the projector imports only this. */
@Module({})
export class FinderReadModelModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionRegistry,
    private readonly readStore: ReadStore,
  ) {}

  async onModuleInit(): Promise<void> {
    this.projections.register(knownAddressesProjection(FOUND_ADDRESS_READERS), finderJobsProjection);
    await this.readStore.collection(FINDER_JOBS_COLLECTION).ensureIndex({ accountId: 1, createdAt: -1 });
    await this.readStore.collection(FINDER_JOBS_COLLECTION).ensureIndex({ filesPurged: 1, finishedAt: 1 }); // the retention sweep
    await this.readStore.collection(FINDER_JOBS_COLLECTION).ensureIndex({ accountId: 1, 'file.fingerprint': 1 }); // duplicate uploads
    await this.readStore.collection(FINDER_JOB_RESULTS_COLLECTION).ensureIndex({ jobId: 1 });
  }
}
