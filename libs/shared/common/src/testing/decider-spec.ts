import { Decider, fold } from '../decider';
import type { DomainEvent } from '../domain-event';
import { DomainError } from '../domain-error';
import type { ErrorName } from '../error-codes';

/** What a decider decides for one command on one history; nothing runs until an assertion asks. */
export interface DecisionSpec<E extends DomainEvent> {
  /** Asserts the decider decides exactly these events (jest's `toEqual`, so asymmetric matchers work). */
  then(expected: readonly unknown[]): void;
  /** Asserts the decider refuses: a DomainError of this name, or any thrown error this predicate accepts. */
  thenThrows(expected: ErrorName | ((error: Error) => boolean)): void;
  /** The decided events, for a spec that inspects them further or builds a longer history from them. */
  events(): E[];
}

/**
 * given(events).when(command).then(expectedEvents) / .thenThrows(errorName): a decider spec in the
 * shape of emmett's DeciderSpecification. `given(events).state` is the state those events fold to.
 */
export function deciderSpec<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return (events: E[]) => {
    const state = fold(decider, events);
    return { state, when: (command: C): DecisionSpec<E> => decisionSpec(() => decider.decide(command, state)) };
  };
}

/** The events a decider records for these commands in turn, each decided on the state the earlier ones fold to. */
export function decidedHistory<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, ...commands: C[]): E[] {
  const given = deciderSpec(decider);
  return commands.reduce<E[]>((events, command) => [...events, ...given(events).when(command).events()], []);
}

function decisionSpec<E extends DomainEvent>(decide: () => E[]): DecisionSpec<E> {
  return {
    then: (expected) => expect(decide()).toEqual(expected),
    thenThrows: (expected) => {
      const error = thrownBy(decide);
      if (typeof expected === 'function') {
        if (!expected(error))
          throw new Error(`the decider threw an error the spec does not accept: ${errorText(error)}`);
      } else if (!(error instanceof DomainError) || error.errorName !== expected) {
        throw new Error(`expected the decider to refuse with ${expected}, but it threw ${errorText(error)}`);
      }
    },
    events: decide,
  };
}

/** The error a decision throws; a decision that returns events fails the spec, naming them. */
function thrownBy(decide: () => unknown[]): Error {
  let decided: unknown[];
  try {
    decided = decide();
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
  throw new Error(`expected the decider to refuse, but it decided ${JSON.stringify(decided)}`);
}

function errorText(error: Error): string {
  return error instanceof DomainError
    ? `DomainError ${error.errorName} (${error.message})`
    : `${error.name}: ${error.message}`;
}
