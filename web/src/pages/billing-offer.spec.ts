import { Package, Promotion } from '../api/dashboard';
import { bestPromotion, offer } from './BillingPage';

const growth: Package = {
  id: 2,
  name: 'Growth',
  credits: 5000,
  bonusCredits: 100,
  priceUsd: 40,
  unitPriceUsd: 0.008,
  currency: 'USD',
};
const promo = (id: number, bonusPercent: number, discountPercent: number, packageIds: number[] | null): Promotion => ({
  id,
  name: `P${id}`,
  description: '',
  bonusPercent,
  discountPercent,
  packageIds,
  startsAt: null,
  endsAt: null,
});

describe('package offers on the billing page', () => {
  it('adds the package bonus and a promotion bonus (rounded down) and applies its discount', () => {
    expect(offer(growth, null)).toEqual({ credits: 5100, priceUsd: 40 });
    expect(offer(growth, promo(1, 10, 25, null))).toEqual({ credits: 5600, priceUsd: 30 });
    expect(offer({ ...growth, credits: 999 }, promo(1, 10, 0, null)).credits).toBe(999 + 100 + 99);
  });

  it('picks the richest promotion that covers the package, none when none covers it', () => {
    expect(bestPromotion(growth, [promo(1, 10, 0, [1]), promo(2, 5, 0, null), promo(3, 0, 20, [2])])?.id).toBe(3);
    expect(bestPromotion(growth, [promo(1, 10, 0, [1])])).toBeNull();
  });
});
