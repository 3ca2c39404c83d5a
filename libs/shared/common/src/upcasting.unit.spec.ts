import { upcast, type Upcasters } from './upcasting';

type Renamed = { type: 'PriceSet'; data: { amountCents: number; currency: string } };
type Event = Renamed | { type: 'Noted'; data: { text: string } };

// Stored history: `PriceChanged { amount }` (euros) was retired for `PriceSet`, whose early payloads lacked `currency`.
const upcasters: Upcasters<Event> = {
  PriceChanged: (stored) => ({
    type: 'PriceSet',
    data: { amountCents: (stored.data as { amount: number }).amount * 100 } as Renamed['data'],
  }),
  PriceSet: (stored) => {
    const data = stored.data as Partial<Renamed['data']> & { amountCents: number };
    return { type: 'PriceSet', data: { amountCents: data.amountCents, currency: data.currency ?? 'EUR' } };
  },
};

describe('upcast', () => {
  describe('when the stored type has no upcaster', () => {
    it('reads the event as written, without the stored envelope', () => {
      const stored = { type: 'Noted', data: { text: 'hi' }, revision: 3, position: 9 };
      expect(upcast<Event>(stored, upcasters)).toEqual({ type: 'Noted', data: { text: 'hi' } });
    });

    it('reads it as written when no upcasters are given', () => {
      expect(upcast<Event>({ type: 'PriceChanged', data: { amount: 2 } })).toEqual({
        type: 'PriceChanged',
        data: { amount: 2 },
      });
    });
  });

  describe('when the payload changed under the same type', () => {
    it('fills the old payload and hands a current one back unchanged', () => {
      expect(upcast<Event>({ type: 'PriceSet', data: { amountCents: 250 } }, upcasters)).toEqual({
        type: 'PriceSet',
        data: { amountCents: 250, currency: 'EUR' },
      });
      expect(upcast<Event>({ type: 'PriceSet', data: { amountCents: 250, currency: 'USD' } }, upcasters)).toEqual({
        type: 'PriceSet',
        data: { amountCents: 250, currency: 'USD' },
      });
    });
  });

  describe('when the stored type was retired', () => {
    it("chains through the replacing type's own upcaster", () => {
      expect(upcast<Event>({ type: 'PriceChanged', data: { amount: 3 } }, upcasters)).toEqual({
        type: 'PriceSet',
        data: { amountCents: 300, currency: 'EUR' },
      });
    });

    it('refuses upcasters that cycle instead of looping forever', () => {
      const cycle: Upcasters<DomainLike> = { A: () => ({ type: 'B', data: {} }), B: () => ({ type: 'A', data: {} }) };
      expect(() => upcast({ type: 'A', data: {} }, cycle)).toThrow(/cycle/);
    });
  });

  it('never takes an inherited property for an upcaster', () => {
    expect(upcast<Event>({ type: 'toString', data: {} }, upcasters)).toEqual({ type: 'toString', data: {} });
  });
});

type DomainLike = { type: string; data: unknown };
