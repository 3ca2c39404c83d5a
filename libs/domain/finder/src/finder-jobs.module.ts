import { Module } from '@nestjs/common';
import { JobLifecycleModule, JobProgressModule } from '@lib/jobs';
import { FinderReadModelModule } from './finder-read-model.module';
import { FinderJobCreation } from './create-finder-job/finder-job-creation';
import { FinderJobDownloads } from './download-finder-job/finder-job-download.service';
import { FinderJobQueries } from './query-finder-jobs/finder-job.queries';

/** Finder file jobs for the API: create, list, detail, cancel, download. */
@Module({
  imports: [FinderReadModelModule, JobProgressModule, JobLifecycleModule],
  providers: [FinderJobCreation, FinderJobDownloads, FinderJobQueries],
  exports: [FinderJobCreation, JobLifecycleModule, FinderJobDownloads, FinderJobQueries],
})
export class FinderJobsModule {}
