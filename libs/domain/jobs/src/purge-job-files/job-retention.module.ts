import { DynamicModule, Module } from '@nestjs/common';
import { JobRetentionSweeper, PURGEABLE_JOB_KINDS } from './job-retention.sweeper';
import type { PurgeableJobKind } from './purgeable-job-kind';
import { RetentionModule } from '@lib/retention';

/** The worker role's retention sweep; the app lists the job kinds (each kind's lib exports its PurgeableJobKind). */
@Module({})
export class JobRetentionModule {
  static forKinds(kinds: PurgeableJobKind[]): DynamicModule {
    return {
      module: JobRetentionModule,
      imports: [RetentionModule],
      providers: [{ provide: PURGEABLE_JOB_KINDS, useValue: kinds }, JobRetentionSweeper],
      exports: [JobRetentionSweeper],
    };
  }
}
