import { CreditCatalogue } from './credit-catalogue';
import { DEFAULT_CATALOGUE } from './default-catalogue';

const NOW = '2026-11-28T12:00:00.000Z';

describe('credit catalogue offers', () => {
  const catalogue = new CreditCatalogue(DEFAULT_CATALOGUE);
  const growth = () => catalogue.activePackages(NOW).find((p) => p.name === 'Growth')!;

  it('finding 7: prices each package with the best running promotion, with the real price per credit', () => {
    expect(growth().offer).toEqual({
      promotionId: 1,
      totalCreditsAdded: 5500,
      finalAmountUsd: 40,
      pricePerCreditUsd: 0.007273,
    });
    // Starter has no promotion: its offer is the package alone, at its list price.
    expect(catalogue.activePackages(NOW)[0].offer).toMatchObject({ promotionId: null, pricePerCreditUsd: 0.01 });
  });

  it('finding 7: gives an automatic top-up the promotion the cards show', () => {
    expect(catalogue.bestPromotionId(2, NOW)).toBe(growth().offer.promotionId);
    expect(catalogue.bestPromotionId(1, NOW)).toBeNull();
  });

  it('picks the promotion with the lowest price per credit, and none before it starts', () => {
    const richer = new CreditCatalogue({
      ...DEFAULT_CATALOGUE,
      promotions: [
        ...DEFAULT_CATALOGUE.promotions,
        { ...DEFAULT_CATALOGUE.promotions[0], id: 7, bonusPercent: 0, discountPercent: 25, packageIds: null },
      ],
    });
    expect(richer.bestPromotionId(2, NOW)).toBe(7);
    expect(richer.activePackages(NOW)[1].offer).toMatchObject({ totalCreditsAdded: 5000, finalAmountUsd: 30 });
    expect(richer.bestPromotionId(2, '2023-06-01T00:00:00.000Z')).toBeNull();
  });
});
