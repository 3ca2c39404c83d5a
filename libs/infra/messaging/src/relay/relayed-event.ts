import { upcast, type DomainEvent, type Upcasters } from '@lib/common';
import type { RelayMessageV1 } from './relay-message';

/** A relayed event in today's shape: the relay's envelope (eventId, stream, position…) with the event's type and data. */
export type RelayedEvent<E extends DomainEvent> = Omit<RelayMessageV1, 'type' | 'data'> & E;

/**
 * Reads a relayed stored event as a stream reader does (aggregateStream, readEvents): through the
 * upcasters of the aggregate that wrote it, so an event stored (or relayed, or redelivered) in an older
 * shape reaches a consumer in today's. A consumer narrows by `type` after this, never by casting `data`.
 */
export function upcastRelayed<E extends DomainEvent>(
  message: RelayMessageV1,
  upcasters: Upcasters<E> | undefined,
): RelayedEvent<E> {
  return { ...message, ...upcast<E>(message, upcasters) };
}
