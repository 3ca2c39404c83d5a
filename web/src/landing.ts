import type { Catalogue } from './api/dashboard';
import { V1 } from './api/v1';
import { perCredit, usd } from './lib/price';

/**
 * The landing page's offer, read from the catalogue the Billing page sells from (GET /v1/credits/packages,
 * public): the free trial credits and each package's real price, so the first page a visitor sees never
 * disagrees with the one they pay on. Without scripts or the API, the page's own sentence stays.
 */
export function offerText(catalogue: Catalogue): { trial: string; prices: string[] } {
  const trial =
    catalogue.trialCredits > 0
      ? `Start free: ${catalogue.trialCredits.toLocaleString('en')} credits when you confirm your address, no card needed.`
      : 'Create an account, then buy credits as you need them.';
  const prices = catalogue.packages.map(
    (p) =>
      `${p.name}: ${p.offer.totalCreditsAdded.toLocaleString('en')} credits for ${usd(p.offer.finalAmountUsd)} (${perCredit(p.offer.pricePerCreditUsd)} per credit)`,
  );
  return { trial, prices };
}

async function showOffer(): Promise<void> {
  const response = await fetch(V1.packages, { headers: { accept: 'application/json' } });
  if (!response.ok) return;
  const { trial, prices } = offerText((await response.json()).data as Catalogue);
  document.getElementById('trial')!.textContent = trial;
  const list = document.getElementById('prices')!;
  list.replaceChildren(
    ...prices.map((line) => {
      const item = document.createElement('li');
      item.textContent = line;
      return item;
    }),
  );
  document.getElementById('pricing')!.hidden = false;
}

if (typeof document !== 'undefined' && document.getElementById('trial')) void showOffer().catch(() => undefined);
