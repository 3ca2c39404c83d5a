import { DEFAULT_CATALOGUE } from './default-catalogue';
import { CreditCatalogue } from './credit-catalogue';
import { priceOrder } from './price-order';
import { Promotion } from './credit-catalogue.types';

const now = '2025-06-01T00:00:00.000Z';
const catalogue = new CreditCatalogue(DEFAULT_CATALOGUE);

describe('order pricing', () => {
  it('charges the list price and adds the package credits when there is no promotion', () => {
    expect(catalogue.quote(1, null, now)).toEqual({
      packageId: 1,
      promotionId: null,
      creditsPurchased: 1000,
      bonusCredits: 0,
      totalCreditsAdded: 1000,
      amountUsd: 10,
      discountUsd: 0,
      finalAmountUsd: 10,
      unitPriceUsd: 0.01,
    });
  });

  it('adds the promotion bonus on top of the package bonus', () => {
    const quote = catalogue.quote(3, 1, now);
    expect(quote).toMatchObject({
      creditsPurchased: 25_000,
      bonusCredits: 1_000 + 2_500,
      totalCreditsAdded: 28_500,
      finalAmountUsd: 150,
    });
  });

  it('takes a percentage discount exactly in cents', () => {
    const promo: Promotion = {
      id: 9,
      name: 'x',
      description: '',
      bonusPercent: 0,
      discountPercent: 15,
      packageIds: null,
      startsAt: null,
      endsAt: null,
    };
    const quote = priceOrder(
      { id: 7, name: 'odd', credits: 333, bonusCredits: 0, priceCents: 1999, active: true },
      promo,
    );
    expect(quote).toMatchObject({ amountUsd: 19.99, discountUsd: 3, finalAmountUsd: 16.99 });
  });

  it('refuses a promotion that does not cover the package', () => {
    expect(() => catalogue.quote(1, 1, now)).toThrow(
      expect.objectContaining({ errorName: 'PROMOTION_NOT_APPLICABLE' }),
    );
  });

  it('refuses a promotion before it starts', () => {
    expect(() => catalogue.quote(2, 1, '2023-12-31T23:59:59.000Z')).toThrow(
      expect.objectContaining({ errorName: 'PROMOTION_NOT_APPLICABLE' }),
    );
  });

  it('refuses an unknown package', () => {
    expect(() => catalogue.quote(99, null, now)).toThrow(expect.objectContaining({ errorName: 'PACKAGE_NOT_FOUND' }));
  });
});
