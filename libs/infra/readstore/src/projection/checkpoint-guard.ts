import type { EventStore } from '@lib/eventstore';
import type { ReadStore } from '../read-store.port';
import { CheckpointStore } from './checkpoint-store';

/** The command that drops the read models and replays them from the event log the process is given. */
const REBUILD_READ_MODELS_COMMAND = 'npm run admin -- rebuild-read-models';

/**
 * Checkpoints past the newest event of the log: positions this log never had, so the read models were
 * built from another event log (a new embedded store beside an old MongoDB database, a switch of event
 * stores). Their subscribers would wait for positions that never come and project nothing new.
 */
export async function checkpointsAheadOfLog(
  events: EventStore,
  reads: ReadStore,
): Promise<{ head: number; ahead: Array<{ name: string; position: number }> }> {
  const [head, saved] = await Promise.all([events.headPosition(), new CheckpointStore(reads).all()]);
  return { head, ahead: saved.filter((checkpoint) => checkpoint.position > head) };
}

/** What an operator reads in the log and on /ready: which checkpoints, the log's head, and what to run. */
export function checkpointsAheadProblem(head: number, ahead: Array<{ name: string; position: number }>): string {
  const listed = ahead.map((c) => `${c.name} at ${c.position}`).join(', ');
  return (
    `the read store's checkpoints are ahead of the event log (${listed}; the log ends at ${head}): its read models ` +
    `were built from another event log and nothing new would be projected. Rebuild them from this log with ` +
    `\`${REBUILD_READ_MODELS_COMMAND}\` and move the relay's checkpoint with ` +
    '`npm run admin -- move-checkpoint --name relay:analytics --to head` (docs/production.md, "Switching event stores"), ' +
    'or point MONGO_URL / EVENTSTORE_URL at the stores that belong together'
  );
}

/** Thrown at start by a process that would project into a read store built from another event log. */
export class CheckpointsAheadError extends Error {
  constructor(head: number, ahead: Array<{ name: string; position: number }>) {
    super(`Refusing to start: ${checkpointsAheadProblem(head, ahead)}`);
    this.name = 'CheckpointsAheadError';
  }
}

/**
 * Throws CheckpointsAheadError when a checkpoint is past the log's head. A log whose head cannot be read
 * (a user without $all access, a server too old) is no proof of another log: the process starts, and
 * /ready names that problem (its own check) and runs this comparison again.
 */
export async function refuseCheckpointsAheadOfLog(events: EventStore, reads: ReadStore): Promise<void> {
  const found = await checkpointsAheadOfLog(events, reads).catch(() => null);
  if (found && found.ahead.length > 0) throw new CheckpointsAheadError(found.head, found.ahead);
}
