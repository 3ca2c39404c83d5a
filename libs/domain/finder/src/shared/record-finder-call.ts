import type { EventStore } from '@lib/eventstore';
import { runCommand } from '@lib/eventstore';
import { finderCallDecider, finderCallStream, type RecordFinderOutcome } from '../domain/finder-call.decider';
import type { FinderCallEvent } from '../domain/finder-call.events';

/** The recorded call: the command's fields, the command type aside. */
export type FinderCall = Omit<RecordFinderOutcome, 'type'>;

/**
 * Appends the call's EmailFound / EmailNotFound before credits are settled: the charge always has a
 * recorded reason, and a crash in between leaves a hold that expires rather than a charge without one.
 * A retried record finds the stream written and appends nothing (the decider records a call once) and
 * returns what was recorded.
 */
export async function recordFinderCall(events: EventStore, call: FinderCall): Promise<FinderCallEvent['data']> {
  const { state } = await runCommand(
    events,
    finderCallStream(call.findId),
    finderCallDecider,
    { type: 'RecordFinderOutcome', ...call },
    { maxAttempts: 3 },
  );
  if (state.status !== 'Recorded') throw new Error(`finder call ${call.findId} was not recorded`);
  return state.recorded;
}
