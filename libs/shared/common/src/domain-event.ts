/** A domain event as deciders see it: a type tag and its data. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}
