import { Catalogue } from './credit-catalogue.types';

/**
 * Used when CREDIT_PACKAGES_FILE is not set. The same shape as the file (prices in USD there):
 * four packages with falling unit prices, and one open-ended launch promotion adding 10% bonus
 * credits to the three larger packages.
 */
export const DEFAULT_CATALOGUE: Catalogue = {
  packages: [
    { id: 1, name: 'Starter', credits: 1_000, bonusCredits: 0, priceCents: 1_000, active: true },
    { id: 2, name: 'Growth', credits: 5_000, bonusCredits: 0, priceCents: 4_000, active: true },
    { id: 3, name: 'Business', credits: 25_000, bonusCredits: 1_000, priceCents: 15_000, active: true },
    { id: 4, name: 'Scale', credits: 100_000, bonusCredits: 5_000, priceCents: 50_000, active: true },
  ],
  promotions: [
    {
      id: 1,
      name: 'Launch offer',
      description: '10% bonus credits on Growth, Business and Scale',
      bonusPercent: 10,
      discountPercent: 0,
      packageIds: [2, 3, 4],
      startsAt: '2024-01-01T00:00:00.000Z',
      endsAt: null,
    },
  ],
};
