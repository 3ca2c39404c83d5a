import { useEffect, useRef } from 'react';
import { Package, Promotion } from '../api/dashboard';
import { perCredit, usd } from '../lib/price';

/**
 * The confirmation step before a purchase: what is bought, every credit it adds and the total charged.
 * Focus moves to it so a keyboard or screen-reader user hears the summary before paying.
 */
export function PurchaseConfirm({
  pkg,
  promotion,
  busy,
  onConfirm,
  onCancel,
}: {
  pkg: Package;
  promotion: Promotion | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { offer } = pkg;
  const bonus = offer.totalCreditsAdded - pkg.credits;
  return (
    <section className="card confirm" role="region" aria-labelledby="confirm-title" data-testid="purchase-confirm">
      <h2 id="confirm-title" tabIndex={-1} ref={heading}>
        Confirm your purchase
      </h2>
      <dl className="summary">
        <dt>Package</dt>
        <dd>{pkg.name}</dd>
        <dt>Credits</dt>
        <dd>
          {offer.totalCreditsAdded.toLocaleString('en')}
          {bonus > 0 &&
            ` (${pkg.credits.toLocaleString('en')} + ${bonus.toLocaleString('en')} bonus${promotion ? ` from ${promotion.name}` : ''})`}
        </dd>
        <dt>Price per credit</dt>
        <dd>{perCredit(offer.pricePerCreditUsd)}</dd>
        <dt>Total</dt>
        <dd>
          <strong data-testid="purchase-total">{usd(offer.finalAmountUsd)}</strong>
        </dd>
      </dl>
      <button type="button" disabled={busy} onClick={onConfirm}>
        {busy ? 'Paying…' : `Pay ${usd(offer.finalAmountUsd)}`}
      </button>
      <button type="button" className="secondary" disabled={busy} onClick={onCancel}>
        Back
      </button>
    </section>
  );
}
