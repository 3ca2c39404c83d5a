import type { DomainEvent, Upcasters } from '@lib/common';
import type { RelayMessageV1 } from './relay-message';
import { upcastRelayed } from './relayed-event';

type Renamed = DomainEvent<'Renamed', { name: { first: string; last: string } }>;
/** Renamed was stored with `name` as one string before it was split: the upcaster reads that shape. */
const upcasters: Upcasters<Renamed> = {
  Renamed: (stored) => {
    const data = stored.data as { name: string | Renamed['data']['name'] };
    if (typeof data.name !== 'string') return stored as Renamed;
    const [first, last] = data.name.split(' ');
    return { type: 'Renamed', data: { name: { first, last } } };
  },
  NameChanged: (stored) => ({ type: 'Renamed', data: stored.data as Renamed['data'] }),
};

const relayed = (type: string, data: Record<string, unknown>): RelayMessageV1 => ({
  schemaVersion: 1,
  eventId: 'evt-1',
  type,
  stream: 'people-1',
  category: 'people',
  position: 7,
  revision: 2,
  occurredAt: '2025-03-04T05:06:07.000Z',
  data,
});

describe('upcastRelayed', () => {
  it("hands a relayed event stored in an older shape to the consumer in today's, with its envelope", () => {
    const event = upcastRelayed(relayed('Renamed', { name: 'Ada Lovelace' }), upcasters);
    expect(event).toEqual({ ...relayed('Renamed', {}), data: { name: { first: 'Ada', last: 'Lovelace' } } });
  });

  it("reads a retired type as the type that replaced it, and today's shape unchanged", () => {
    const today = { name: { first: 'Ada', last: 'Lovelace' } };
    expect(upcastRelayed(relayed('NameChanged', today), upcasters)).toMatchObject({
      type: 'Renamed',
      data: today,
      eventId: 'evt-1',
      revision: 2,
    });
    expect(upcastRelayed(relayed('Renamed', today), upcasters).data).toEqual(today);
  });

  it("passes types without an upcaster (or without an aggregate's upcasters) through as relayed", () => {
    expect(upcastRelayed(relayed('Other', { a: 1 }), upcasters)).toEqual(relayed('Other', { a: 1 }));
    expect(upcastRelayed(relayed('Renamed', { name: 'Ada Lovelace' }), undefined)).toEqual(
      relayed('Renamed', { name: 'Ada Lovelace' }),
    );
  });
});
