// The MongoDB-wire server (FerretDB on PostgreSQL) stopped and started again in the middle of a bulk job run
// by separate api, worker and projector processes: see support/restart-mid-job.ts.
import { describeRestartMidJob } from '../../support/cluster/restart-mid-job';

describeRestartMidJob('mongo');
