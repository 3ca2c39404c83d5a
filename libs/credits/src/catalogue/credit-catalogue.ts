import { DomainError } from '@lib/common';
import { Catalogue, CreditPackage, Promotion } from './credit-catalogue.types';
import { loadCatalogue } from './load-catalogue';
import { OrderQuote, priceOrder, promotionAppliesTo, promotionRunning } from './price-order';

/** Public view of a package (GET /v1/credits/packages). */
export interface PackageView {
  id: number;
  name: string;
  credits: number;
  bonusCredits: number;
  priceUsd: number;
  unitPriceUsd: number;
  currency: 'USD';
}

/** Public view of a running promotion. */
export type PromotionView = Promotion;

/** The packages and promotions seeded from configuration; read-only for the life of the process. */
export class CreditCatalogue {
  constructor(private readonly catalogue: Catalogue) {}

  static fromFile(file: string | null): CreditCatalogue {
    return new CreditCatalogue(loadCatalogue(file));
  }

  activePackages(): PackageView[] {
    return this.catalogue.packages
      .filter((p) => p.active)
      .map((p) => {
        const quote = priceOrder(p, null);
        return {
          id: p.id,
          name: p.name,
          credits: p.credits,
          bonusCredits: p.bonusCredits,
          priceUsd: quote.amountUsd,
          unitPriceUsd: quote.unitPriceUsd,
          currency: 'USD',
        };
      });
  }

  runningPromotions(nowIso: string): PromotionView[] {
    return this.catalogue.promotions.filter((p) => promotionRunning(p, nowIso));
  }

  /** Prices an order; throws PACKAGE_NOT_FOUND or PROMOTION_NOT_APPLICABLE. */
  quote(packageId: number, promotionId: number | null, nowIso: string): OrderQuote {
    const pkg: CreditPackage | undefined = this.catalogue.packages.find((p) => p.id === packageId && p.active);
    if (!pkg) throw new DomainError('PACKAGE_NOT_FOUND');
    if (promotionId === null) return priceOrder(pkg, null);
    const promotion = this.catalogue.promotions.find((p) => p.id === promotionId);
    if (!promotion || !promotionRunning(promotion, nowIso) || !promotionAppliesTo(promotion, packageId)) {
      throw new DomainError('PROMOTION_NOT_APPLICABLE');
    }
    return priceOrder(pkg, promotion);
  }
}
