import type { Decider, DomainEvent } from '@lib/common';

/**
 * The types that describe one job kind (bulk verification, finder), named once so that each of the kind's
 * parts takes a single type parameter: the upload's options, the view the API shows, and the commands,
 * events and state of the decider its `jobs-<id>` streams run on.
 */
export interface JobKindTypes {
  options: unknown;
  view: { status: string };
  command: unknown;
  event: DomainEvent;
  state: unknown;
}

/** A kind's `jobs-<id>` streams: the decider they run on and the read model (one document per job) its views come from. */
export interface JobKindStream<K extends JobKindTypes> {
  readonly decider: Decider<K['command'], K['event'], K['state']>;
  /** Create and cancel wait for the job's document here, so a GET right after sees what they did. */
  readonly collection: string;
}
