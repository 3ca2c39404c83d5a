import type { Upcasters } from '@lib/common';
import type { AccountEvent } from './account.events';

// account events are stored forever; an upcaster here reads a shape stored before today's (CONTRIBUTING.md,
// "When a stored shape changes"). None yet: every stored account event is in today's shape. Every reader
// applies these, inside this lib through the decider and outside it (the team's read model and bus consumer)
// through this name.
export const ACCOUNT_UPCASTERS: Upcasters<AccountEvent> = {};
