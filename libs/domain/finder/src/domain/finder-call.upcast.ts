import type { Upcasters } from '@lib/common';
import type { FinderCallEvent } from './finder-call.events';

// finder call events are stored forever; an upcaster here reads a shape stored before today's (CONTRIBUTING.md,
// "When a stored shape changes"). None yet: every stored finder call event is in today's shape. Every reader
// applies these, inside this lib through the decider and outside it (bus consumers) through this name.
export const FINDER_CALL_UPCASTERS: Upcasters<FinderCallEvent> = {};
