/** Dollars with cents: $40.00. */
export const usd = (n: number) => `$${n.toFixed(2)}`;

/**
 * The price of one credit, precise enough to tell the tiers apart ($0.0073, not $0.01): four decimals,
 * or five below a tenth of a cent.
 */
export function perCredit(n: number): string {
  return `$${n.toFixed(n < 0.001 ? 5 : 4)}`;
}

/** How much cheaper a credit is than at a reference price, in whole percent (0 when not cheaper). */
export function savingPercent(price: number, reference: number): number {
  return reference > 0 && price < reference ? Math.round((1 - price / reference) * 100) : 0;
}
