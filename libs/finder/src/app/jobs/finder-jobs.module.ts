import { Module } from '@nestjs/common';
import { JobProgressModule } from '@lib/jobs';
import { FinderReadModelModule } from '../finder-read-model.module';
import { CreateFinderJobService } from './create-finder-job.service';
import { FinderJobActions } from './finder-job-actions.service';
import { FinderJobQueries } from './finder-job.queries';

/** Finder file jobs for the API: create, list, detail, cancel, download. */
@Module({
  imports: [FinderReadModelModule, JobProgressModule],
  providers: [CreateFinderJobService, FinderJobActions, FinderJobQueries],
  exports: [CreateFinderJobService, FinderJobActions, FinderJobQueries],
})
export class FinderJobsModule {}
