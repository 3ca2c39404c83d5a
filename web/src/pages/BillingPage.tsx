import { useState } from 'react';
import { api } from '../api/client';
import { Catalogue, Checkout, DASHBOARD, ORDER_STATUS, OrderPage, Package, Promotion } from '../api/dashboard';
import { V1 } from '../api/v1';
import { ErrorAlert, Notice } from '../components/Alert';
import { AutoTopupForm } from '../components/AutoTopupForm';
import { PageTitle } from '../components/PageTitle';
import { useLoad } from '../lib/use-load';

const usd = (n: number) => `$${n.toFixed(2)}`;

/** The running promotion that covers a package and gives the most, if any. */
export function bestPromotion(pkg: Package, promotions: Promotion[]): Promotion | null {
  const covering = promotions.filter((p) => p.packageIds === null || p.packageIds.includes(pkg.id));
  const value = (p: Promotion) => p.bonusPercent * pkg.priceUsd + p.discountPercent * pkg.priceUsd;
  return covering.sort((a, b) => value(b) - value(a))[0] ?? null;
}

/** What the buyer gets and pays with a promotion: bonus credits on the package credits, discount on the price. */
export function offer(pkg: Package, promotion: Promotion | null): { credits: number; priceUsd: number } {
  const bonus = promotion ? Math.floor((pkg.credits * promotion.bonusPercent) / 100) : 0;
  const price = promotion ? Math.round(pkg.priceUsd * (100 - promotion.discountPercent)) / 100 : pkg.priceUsd;
  return { credits: pkg.credits + pkg.bonusCredits + bonus, priceUsd: price };
}

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
  const [buying, setBuying] = useState<number | null>(null);
  const names = new Map(catalogue.data?.packages.map((p) => [p.id, p.name]) ?? []);

  const buy = async (pkg: Package, promotion: Promotion | null) => {
    setError(null);
    setNotice(null);
    setBuying(pkg.id);
    try {
      const answer = await api<Checkout>(
        'POST',
        DASHBOARD.checkout,
        promotion ? { packageId: pkg.id, promotionId: promotion.id } : { packageId: pkg.id },
      );
      setNotice(checkoutMessage(answer, offer(pkg, promotion).credits));
      await orders.reload();
      onBought();
    } catch (e) {
      setError(e);
    } finally {
      setBuying(null);
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
        <ul className="packages">
          {catalogue.data?.packages.map((pkg) => {
            const promotion = bestPromotion(pkg, catalogue.data!.promotions);
            const deal = offer(pkg, promotion);
            return (
              <li key={pkg.id} className="card">
                <h3>{pkg.name}</h3>
                <p className="big">
                  {deal.credits.toLocaleString('en')} <span>credits</span>
                </p>
                <p>
                  {deal.priceUsd < pkg.priceUsd && (
                    <>
                      <s>{usd(pkg.priceUsd)}</s>{' '}
                    </>
                  )}
                  {usd(deal.priceUsd)} ({usd(pkg.unitPriceUsd)} per credit list price)
                  {promotion ? ` with ${promotion.name}` : ''}
                </p>
                <button
                  type="button"
                  disabled={buying !== null}
                  onClick={() => void buy(pkg, promotion)}
                  aria-label={`Buy ${pkg.name}: ${deal.credits} credits for ${usd(deal.priceUsd)}`}
                >
                  {buying === pkg.id ? 'Buying…' : 'Buy'}
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
