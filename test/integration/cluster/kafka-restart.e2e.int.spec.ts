// The Kafka broker (KRaft, one node) stopped and started again on its data in the middle of a bulk job run
// by separate api, worker and projector processes: see support/restart-mid-job.ts. The cluster started
// after this one (by the next suite of the same jest run) must join the groups this one's worker left.
import { describeRestartMidJob } from '../../support/cluster/restart-mid-job';

describeRestartMidJob('kafka');
