/** A purchasable bundle of credits. Prices are kept in cents so order arithmetic is exact. */
export interface CreditPackage {
  id: number;
  name: string;
  credits: number;
  /** Credits the package always adds on top (independent of promotions). */
  bonusCredits: number;
  priceCents: number;
  active: boolean;
}

/** A time-boxed offer: extra credits and/or a price discount on some packages. */
export interface Promotion {
  id: number;
  name: string;
  description: string;
  bonusPercent: number;
  discountPercent: number;
  /** Packages it applies to; null means every package. */
  packageIds: number[] | null;
  startsAt: string | null;
  endsAt: string | null;
}

export interface Catalogue {
  packages: CreditPackage[];
  promotions: Promotion[];
}
