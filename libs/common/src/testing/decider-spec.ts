import { Decider, DomainEvent, fold } from '../decider';
import { DomainError } from '../domain-error';

/** given(events).when(command): the events a decider decides on the state those events fold to. */
export function deciderSpec<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return (events: E[]) => {
    const state = fold(decider, events);
    return { state, when: (command: C): E[] => decider.decide(command, state) };
  };
}

/** The events a decider records for these commands in turn, each decided on the state the earlier ones fold to. */
export function decidedHistory<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, ...commands: C[]): E[] {
  const given = deciderSpec(decider);
  return commands.reduce<E[]>((events, command) => [...events, ...given(events).when(command)], []);
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
