import type { DomainEvent } from './domain-event';
import type { Upcasters } from './upcasting';

/** An aggregate as a decider: pure functions, no I/O, no clock (time and ids arrive in commands). */
export interface Decider<Command, Event extends DomainEvent, State> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
  /** How events stored in older shapes are read in today's (`upcast`); every reader of the stream applies them. */
  upcasters?: Upcasters<Event>;
}

/** Folds events into state from the decider's initial state. */
export function fold<E extends DomainEvent, S>(
  decider: Pick<Decider<unknown, E, S>, 'initialState' | 'evolve'>,
  events: E[],
): S {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState);
}
