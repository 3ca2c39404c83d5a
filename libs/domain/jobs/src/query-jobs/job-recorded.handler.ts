import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EventStore } from '@lib/eventstore';
import { jobStream } from '../domain/job-stream';
import { JobRecordedQuery } from './job-recorded.query';

@QueryHandler(JobRecordedQuery)
export class JobRecordedHandler implements IQueryHandler<JobRecordedQuery, boolean> {
  constructor(private readonly events: EventStore) {}

  async execute(query: JobRecordedQuery): Promise<boolean> {
    return (await this.events.readStream(jobStream(query.jobId), { maxCount: 1 })).length > 0;
  }
}
