import { FormEvent, useEffect, useState } from 'react';
import { api } from '../api/client';
import { AutoTopup, DASHBOARD, Order, Package, Promotion } from '../api/dashboard';
import { V1 } from '../api/v1';
import { ErrorAlert, Notice } from '../components/Alert';
import { PageTitle } from '../components/PageTitle';
import { useLoad } from '../lib/use-load';

const usd = (n: number) => `$${n.toFixed(2)}`;

export function BillingPage({ balance, onBought }: { balance: number | null; onBought: () => void }) {
  const catalogue = useLoad(() => api<{ packages: Package[]; promotions: Promotion[] }>('GET', V1.packages));
  const orders = useLoad(() => api<{ items: Order[] }>('GET', `${V1.orders}?limit=20`));
  const topup = useLoad(() => api<AutoTopup>('GET', DASHBOARD.autoTopup));
  const [settings, setSettings] = useState<AutoTopup | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => { if (topup.data) setSettings(topup.data); }, [topup.data]);

  const buy = async (pkg: Package) => {
    setError(null);
    setNotice(null);
    try {
      const order = await api<Order>('POST', DASHBOARD.checkout, { packageId: pkg.id });
      setNotice(order.status === 'Completed' ? `Paid: ${order.totalCreditsAdded.toLocaleString('en')} credits added (invoice ${order.invoiceNumber}).` : `Order ${order.id} is ${order.status.toLowerCase()}; the credits are added when the payment is confirmed.`);
      await orders.reload();
      onBought();
    } catch (e) {
      setError(e);
    }
  };
  const saveTopup = async (event: FormEvent) => {
    event.preventDefault();
    if (!settings) return;
    setError(null);
    try {
      setSettings(await api<AutoTopup>('PUT', DASHBOARD.autoTopup, settings));
      setNotice('Auto top-up settings saved.');
    } catch (e) {
      setError(e);
    }
  };

  return (
    <>
      <PageTitle>Billing</PageTitle>
      <p>Balance: <strong data-testid="billing-balance">{balance === null ? '…' : balance.toLocaleString('en')}</strong> credits.</p>
      {notice && <Notice>{notice}</Notice>}
      <ErrorAlert error={error ?? catalogue.error} />
      <section aria-labelledby="packages-title">
        <h2 id="packages-title">Buy credits</h2>
        {catalogue.data?.promotions.map((p) => <p key={p.id} className="promo">{p.description}</p>)}
        <ul className="packages">
          {catalogue.data?.packages.map((pkg) => (
            <li key={pkg.id} className="card">
              <h3>{pkg.name}</h3>
              <p className="big">{pkg.credits.toLocaleString('en')} <span>credits</span></p>
              <p>{usd(pkg.priceUsd)} ({usd(pkg.unitPriceUsd)} per credit)</p>
              <button type="button" onClick={() => void buy(pkg)} aria-label={`Buy ${pkg.name}: ${pkg.credits} credits for ${usd(pkg.priceUsd)}`}>Buy</button>
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="topup-title">
        <h2 id="topup-title">Auto top-up</h2>
        <ErrorAlert error={topup.error} />
        {settings && catalogue.data && (
          <form onSubmit={(e) => void saveTopup(e)}>
            <div className="checkbox">
              <input id="topup-on" type="checkbox" checked={settings.enabled} onChange={(e) => setSettings({ ...settings, enabled: e.target.checked })} />
              <label htmlFor="topup-on">Buy a package automatically when the balance falls below the threshold</label>
            </div>
            <label htmlFor="topup-threshold">Threshold (credits)</label>
            <input id="topup-threshold" type="number" min={0} value={settings.thresholdCredits} onChange={(e) => setSettings({ ...settings, thresholdCredits: Number(e.target.value) })} />
            <label htmlFor="topup-package">Package</label>
            <select id="topup-package" value={settings.packageId ?? ''} onChange={(e) => setSettings({ ...settings, packageId: Number(e.target.value) })}>
              <option value="">Choose a package</option>
              {catalogue.data.packages.map((p) => <option key={p.id} value={p.id}>{p.name} ({p.credits} credits, {usd(p.priceUsd)})</option>)}
            </select>
            <button type="submit">Save</button>
          </form>
        )}
      </section>
      <section aria-labelledby="orders-title">
        <h2 id="orders-title">Orders</h2>
        <ErrorAlert error={orders.error} />
        {orders.data && (orders.data.items.length === 0 ? <p>No orders yet.</p> : (
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Orders">
            <table data-testid="orders-table">
              <thead><tr><th scope="col">Date</th><th scope="col">Credits</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Invoice</th></tr></thead>
              <tbody>
                {orders.data.items.map((o) => (
                  <tr key={o.id}>
                    <td>{new Date(o.createdAt).toLocaleDateString('en')}{o.isAutoTopup ? ' (auto)' : ''}</td>
                    <td>{o.totalCreditsAdded.toLocaleString('en')}</td><td>{usd(o.finalAmountUsd)}</td>
                    <td>{o.status}{o.failureReason ? `: ${o.failureReason}` : ''}</td>
                    <td>{o.invoiceNumber ? <a href={`${DASHBOARD.checkout}/${o.id}/invoice`}>{o.invoiceNumber}</a> : ''}</td>
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
