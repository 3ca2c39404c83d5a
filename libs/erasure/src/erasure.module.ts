import { DynamicModule, Module } from '@nestjs/common';
import type { PurgeableJobKind } from '@lib/jobs';
import { ErasureRequests } from './request-erasure/erasure-requests.service';
import { ErasureReceipts } from './query-erasures/erasure-receipts.query';
import { ErasureConsumer } from './run-erasure/erasure.consumer';
import { ERASURE_CLEANUPS, type ErasureCleanup } from './run-erasure/erasure-cleanup';
import { ErasureWorkflow } from './run-erasure/erasure-workflow';
import { ERASABLE_JOB_KINDS, JobErasureCleanup } from './run-erasure/job-erasure.cleanup';

/** The API side of erasures: asking for one, reading receipts. */
@Module({ providers: [ErasureRequests, ErasureReceipts], exports: [ErasureRequests, ErasureReceipts] })
export class ErasureModule {}

/** The worker side: runs every erasure asked for (events.erasures), with the job kinds it may purge. */
@Module({})
export class ErasureWorkerModule {
  static forJobKinds(kinds: PurgeableJobKind[]): DynamicModule {
    return {
      module: ErasureWorkerModule,
      providers: [
        { provide: ERASABLE_JOB_KINDS, useValue: kinds },
        JobErasureCleanup,
        {
          provide: ERASURE_CLEANUPS,
          useFactory: (...cleanups: ErasureCleanup[]) => cleanups,
          inject: [JobErasureCleanup],
        },
        ErasureWorkflow,
        ErasureConsumer,
      ],
      exports: [ErasureWorkflow],
    };
  }
}
