import type { DomainEvent } from './domain-event';

/** An event as the store holds it: its type string and the payload in whatever shape it was written. */
export interface StoredEvent {
  type: string;
  data: unknown;
}

/**
 * Reads one stored type in today's shape. It is registered under the STORED type string: a retired type
 * maps to the event that replaced it; a type whose payload changed maps old payloads to the current one
 * and must hand current ones back unchanged (the store cannot tell which shape it holds).
 */
export type Upcaster<E extends DomainEvent> = (stored: StoredEvent) => E;

/** An aggregate's upcasters, keyed by stored type. Types without one are read as written. */
export type Upcasters<E extends DomainEvent> = Readonly<Partial<Record<string, Upcaster<E>>>>;

/** A retired type may be upcast to another retired type, and so on; a chain longer than this is a cycle. */
const MAX_STEPS = 16;

/**
 * The stored event in today's shape: run through the upcaster registered for its type, then through the
 * one of the type it became, until a type has none or an upcaster keeps the type. An event whose type has
 * no upcaster is in today's shape by the rule events follow (a type string is never renamed, and a payload
 * changes only together with an upcaster), so this is the one place that trusts a stored payload's type.
 */
export function upcast<E extends DomainEvent>(stored: StoredEvent, upcasters: Upcasters<E> = {}): E {
  let event: StoredEvent = { type: stored.type, data: stored.data };
  for (let step = 0; ; step++) {
    const upcaster = Object.hasOwn(upcasters, event.type) ? upcasters[event.type] : undefined;
    if (!upcaster) return event as E;
    const next = upcaster(event);
    if (next.type === event.type) return next;
    if (step >= MAX_STEPS)
      throw new Error(`upcasting ${stored.type}: more than ${MAX_STEPS} steps, the upcasters form a cycle`);
    event = next;
  }
}
