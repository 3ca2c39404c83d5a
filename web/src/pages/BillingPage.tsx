import { useState } from 'react';
import { api } from '../api/client';
import { Catalogue, Checkout, DASHBOARD, ORDER_STATUS, OrderPage, Package, Promotion } from '../api/dashboard';
import { V1 } from '../api/v1';
import { ErrorAlert, Notice } from '../components/Alert';
import { AutoTopupForm } from '../components/AutoTopupForm';
import { PageTitle } from '../components/PageTitle';
import { PurchaseConfirm } from '../components/PurchaseConfirm';
import { perCredit, savingPercent, usd } from '../lib/price';
import { useLoad } from '../lib/use-load';

function checkoutMessage(answer: Checkout, credits: number): string {
  if (answer.status === 'Completed') return `Paid: ${credits.toLocaleString('en')} credits were added.`;
  if (answer.status === 'Failed')
    return 'The payment failed; nothing was charged. Try again or use another payment method.';
  if (answer.processor === 'manual')
    return 'Order placed. The credits are added as soon as the payment is confirmed by the service operator.';
  // Collecting a card needs Stripe's own payment form (Stripe.js, served from Stripe's CDN), which this offline app does not load.
  return 'Order placed, but card payments cannot be completed from this dashboard yet: the order stays pending. Ask the service operator.';
}

export function BillingPage({ balance, onBought }: { balance: number | null; onBought: () => void }) {
  const catalogue = useLoad(() => api<Catalogue>('GET', V1.packages));
  const orders = useLoad(() => api<OrderPage>('GET', `${DASHBOARD.orders}?limit=20`));
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [buying, setBuying] = useState(false);
  const [chosen, setChosen] = useState<Package | null>(null);
  const names = new Map(catalogue.data?.packages.map((p) => [p.id, p.name]) ?? []);
  const promotionOf = (pkg: Package): Promotion | null =>
    catalogue.data?.promotions.find((p) => p.id === pkg.offer.promotionId) ?? null;
  // The dearest credit in the catalogue: each card says how much less its credits cost.
  const listPrice = Math.max(0, ...(catalogue.data?.packages.map((p) => p.offer.pricePerCreditUsd) ?? []));

  const choose = (pkg: Package) => {
    setError(null);
    setNotice(null);
    setChosen(pkg);
  };
  // Only after the confirmation step: the offer the card showed, promotion included, is what is ordered.
  const buy = async (pkg: Package) => {
    setBuying(true);
    try {
      const { promotionId } = pkg.offer;
      const answer = await api<Checkout>(
        'POST',
        DASHBOARD.checkout,
        promotionId === null ? { packageId: pkg.id } : { packageId: pkg.id, promotionId },
      );
      setNotice(checkoutMessage(answer, pkg.offer.totalCreditsAdded));
      setChosen(null);
      await orders.reload();
      onBought();
    } catch (e) {
      setError(e);
    } finally {
      setBuying(false);
    }
  };

  return (
    <>
      <PageTitle>Billing</PageTitle>
      <p>
        Balance: <strong data-testid="billing-balance">{balance === null ? '…' : balance.toLocaleString('en')}</strong>{' '}
        credits, shared by the whole team.
      </p>
      {notice && <Notice>{notice}</Notice>}
      <ErrorAlert error={error ?? catalogue.error} />
      <section aria-labelledby="packages-title">
        <h2 id="packages-title">Buy credits</h2>
        {catalogue.data?.promotions.map((p) => (
          <p key={p.id} className="promo">
            <strong>{p.name}</strong>: {p.description}
          </p>
        ))}
        {chosen && (
          <PurchaseConfirm
            pkg={chosen}
            promotion={promotionOf(chosen)}
            busy={buying}
            onConfirm={() => void buy(chosen)}
            onCancel={() => setChosen(null)}
          />
        )}
        <ul className="packages">
          {catalogue.data?.packages.map((pkg) => {
            const { offer } = pkg;
            const promotion = promotionOf(pkg);
            const saving = savingPercent(offer.pricePerCreditUsd, listPrice);
            return (
              <li key={pkg.id} className="card">
                <h3>{pkg.name}</h3>
                <p className="big">
                  {offer.totalCreditsAdded.toLocaleString('en')} <span>credits</span>
                </p>
                <p>
                  {offer.finalAmountUsd < pkg.priceUsd && (
                    <>
                      <s>{usd(pkg.priceUsd)}</s>{' '}
                    </>
                  )}
                  <strong>{usd(offer.finalAmountUsd)}</strong>
                  {promotion ? ` with ${promotion.name}` : ''}
                </p>
                <p data-testid={`per-credit-${pkg.id}`}>
                  {perCredit(offer.pricePerCreditUsd)} per credit{saving > 0 ? ` (${saving} % less)` : ''}
                </p>
                <button
                  type="button"
                  disabled={buying}
                  onClick={() => choose(pkg)}
                  aria-label={`Buy ${pkg.name}: ${offer.totalCreditsAdded.toLocaleString('en')} credits for ${usd(offer.finalAmountUsd)}`}
                >
                  Buy
                </button>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="card" aria-labelledby="topup-title">
        <h2 id="topup-title">Automatic top-up</h2>
        {catalogue.data && <AutoTopupForm packages={catalogue.data.packages} />}
      </section>
      <section aria-labelledby="orders-title">
        <h2 id="orders-title">Orders</h2>
        <ErrorAlert error={orders.error} />
        {orders.data &&
          (orders.data.items.length === 0 ? (
            <p>No orders yet.</p>
          ) : (
            <div className="table-scroll" tabIndex={0} role="region" aria-label="Orders">
              <table data-testid="orders-table">
                <thead>
                  <tr>
                    <th scope="col">Invoice</th>
                    <th scope="col">Date</th>
                    <th scope="col">Package</th>
                    <th scope="col">Credits</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {orders.data.items.map((o) => (
                    <tr key={o.id}>
                      <td>{o.invoiceNumber}</td>
                      <td>
                        {new Date(o.createdAt).toLocaleDateString('en')}
                        {o.isAutoTopup ? ' (auto top-up)' : ''}
                      </td>
                      <td>{names.get(o.packageId) ?? o.packageId}</td>
                      <td>{o.totalCreditsAdded.toLocaleString('en')}</td>
                      <td>
                        {usd(o.finalAmountUsd)}
                        {o.discountUsd > 0 ? ` (saved ${usd(o.discountUsd)})` : ''}
                      </td>
                      <td>
                        {ORDER_STATUS[o.status] ?? o.status}
                        {o.failureReason ? `: ${o.failureReason}` : ''}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
      </section>
    </>
  );
}
