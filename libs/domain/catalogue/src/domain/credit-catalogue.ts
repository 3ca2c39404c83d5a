import { DomainError } from '@lib/common';
import { Catalogue, CreditPackage, Promotion } from './credit-catalogue.types';
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
  /** What buying it now gives: with the best running promotion, as a checkout and an automatic top-up price it. */
  offer: PackageOffer;
}

/** A package as bought now: the figures the dashboard shows on its cards, in its auto top-up menu and at checkout. */
export interface PackageOffer {
  promotionId: number | null;
  totalCreditsAdded: number;
  finalAmountUsd: number;
  /** finalAmountUsd / totalCreditsAdded, rounded to 6 decimals: the price of a credit once bonuses and discounts count. */
  pricePerCreditUsd: number;
}

/** Public view of a running promotion. */
export type PromotionView = Promotion;

/** The packages and promotions seeded from configuration; read-only for the life of the process. */
export class CreditCatalogue {
  constructor(private readonly catalogue: Catalogue) {}

  /** `nowIso`: when given, each package's offer counts the promotions running then; without, none. */
  activePackages(nowIso?: string): PackageView[] {
    return this.catalogue.packages
      .filter((p) => p.active)
      .map((p) => {
        const quote = priceOrder(p, null);
        const best = nowIso === undefined ? quote : this.bestQuote(p, nowIso);
        return {
          id: p.id,
          name: p.name,
          credits: p.credits,
          bonusCredits: p.bonusCredits,
          priceUsd: quote.amountUsd,
          unitPriceUsd: quote.unitPriceUsd,
          currency: 'USD',
          offer: {
            promotionId: best.promotionId,
            totalCreditsAdded: best.totalCreditsAdded,
            finalAmountUsd: best.finalAmountUsd,
            pricePerCreditUsd: Math.round((best.finalAmountUsd / best.totalCreditsAdded) * 1e6) / 1e6,
          },
        };
      });
  }

  /**
   * The running promotion that gives the lowest price per credit on a package (null when none applies or
   * none beats the package alone): the one the dashboard offers and an automatic top-up applies.
   */
  bestPromotionId(packageId: number, nowIso: string): number | null {
    const pkg = this.catalogue.packages.find((p) => p.id === packageId && p.active);
    return pkg ? this.bestQuote(pkg, nowIso).promotionId : null;
  }

  private bestQuote(pkg: CreditPackage, nowIso: string): OrderQuote {
    const perCredit = (q: OrderQuote) => q.finalAmountUsd / q.totalCreditsAdded;
    return this.runningPromotions(nowIso)
      .filter((promotion) => promotionAppliesTo(promotion, pkg.id))
      .map((promotion) => priceOrder(pkg, promotion))
      .reduce((best, q) => (perCredit(q) < perCredit(best) ? q : best), priceOrder(pkg, null));
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
