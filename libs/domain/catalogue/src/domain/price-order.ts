import { CreditPackage, Promotion } from './credit-catalogue.types';

/** What an order for a package (with an optional promotion) adds and costs. */
export interface OrderQuote {
  packageId: number;
  /** null when the order had no promotion. */
  promotionId: number | null;
  creditsPurchased: number;
  bonusCredits: number;
  totalCreditsAdded: number;
  amountUsd: number;
  discountUsd: number;
  finalAmountUsd: number;
  /** The package's list price per credit: priceUsd / credits, rounded to 6 decimals. */
  unitPriceUsd: number;
}

export function promotionRunning(promotion: Promotion, nowIso: string): boolean {
  return (
    (promotion.startsAt === null || promotion.startsAt <= nowIso) &&
    (promotion.endsAt === null || nowIso < promotion.endsAt)
  );
}

export function promotionAppliesTo(promotion: Promotion, packageId: number): boolean {
  return promotion.packageIds === null || promotion.packageIds.includes(packageId);
}

/** Pure arithmetic in cents; bonus credits from a percentage are rounded down so they are never over-granted. */
export function priceOrder(pkg: CreditPackage, promotion: Promotion | null): OrderQuote {
  const discountCents = promotion ? Math.round((pkg.priceCents * promotion.discountPercent) / 100) : 0;
  const promotionBonus = promotion ? Math.floor((pkg.credits * promotion.bonusPercent) / 100) : 0;
  const bonusCredits = pkg.bonusCredits + promotionBonus;
  return {
    packageId: pkg.id,
    promotionId: promotion?.id ?? null,
    creditsPurchased: pkg.credits,
    bonusCredits,
    totalCreditsAdded: pkg.credits + bonusCredits,
    amountUsd: pkg.priceCents / 100,
    discountUsd: discountCents / 100,
    finalAmountUsd: (pkg.priceCents - discountCents) / 100,
    unitPriceUsd: Math.round((pkg.priceCents / 100 / pkg.credits) * 1e6) / 1e6,
  };
}
