import { Decider, DomainEvent, fold } from '../decider';
import { DomainError } from '../domain-error';

/** given(events).when(command): the events a decider decides on the state those events fold to. */
export function deciderSpec<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return (events: E[]) => {
    const state = fold(decider, events);
    return { state, when: (command: C): E[] => decider.decide(command, state) };
  };
}

/** The name of the DomainError a call throws (null when it returns), for refusals in decider specs. */
export function refusalOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.errorName : String(error);
  }
}
