import { Query } from '@nestjs/cqrs';

/**
 * Whether a job (of any kind) with this id was created, read from its stream in the event store (not
 * the read model), so a job created a moment ago by a process that then died already counts.
 */
export class JobRecordedQuery extends Query<boolean> {
  constructor(readonly jobId: string) {
    super();
  }
}
