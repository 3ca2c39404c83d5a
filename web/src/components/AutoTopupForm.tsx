import { FormEvent, useEffect, useState } from 'react';
import { api } from '../api/client';
import { AutoTopup, AutoTopupSettings, DASHBOARD, Package } from '../api/dashboard';
import { useLoad } from '../lib/use-load';
import { ErrorAlert, Notice } from './Alert';

const DEFAULTS = { enabled: false, thresholdCredits: 500 };

/** Auto top-up settings: on/off, the threshold and the package bought when the balance falls below it. */
export function AutoTopupForm({ packages }: { packages: Package[] }) {
  const current = useLoad(async () => (await api<AutoTopupSettings>('GET', DASHBOARD.autoTopup)).settings);
  const [form, setForm] = useState<AutoTopup | null>(null);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!current.loading && !current.error) setForm(current.data ?? { ...DEFAULTS, packageId: packages[0]?.id ?? 1 });
  }, [current.loading, current.data, current.error, packages]);

  if (current.error) return <ErrorAlert error={current.error} />;
  if (!form) return <p role="status">Loading…</p>;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSaved(false);
    try {
      setForm((await api<AutoTopupSettings>('PUT', DASHBOARD.autoTopup, form)).settings);
      setSaved(true);
    } catch (e) {
      setError(e);
    }
  };
  return (
    <form onSubmit={(e) => void save(e)}>
      <div className="checkbox">
        <input
          id="topup-on"
          type="checkbox"
          checked={form.enabled}
          onChange={(e) => setForm({ ...form, enabled: e.target.checked })}
        />
        <label htmlFor="topup-on">Buy a package automatically when the balance falls below the threshold</label>
      </div>
      <label htmlFor="topup-threshold">Threshold (credits)</label>
      <input
        id="topup-threshold"
        type="number"
        min={1}
        value={form.thresholdCredits}
        onChange={(e) => setForm({ ...form, thresholdCredits: Number(e.target.value) })}
      />
      <label htmlFor="topup-package">Package to buy</label>
      <select
        id="topup-package"
        value={form.packageId}
        onChange={(e) => setForm({ ...form, packageId: Number(e.target.value) })}
      >
        {packages.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({p.offer.totalCreditsAdded.toLocaleString('en')} credits, ${p.offer.finalAmountUsd.toFixed(2)})
          </option>
        ))}
      </select>
      <p className="hint">
        One order per crossing, at the price on its card above (running offers included), paid with the saved payment
        method; if it fails, the owner gets an email.
      </p>
      <ErrorAlert error={error} />
      {saved && <Notice>Automatic top-up {form.enabled ? 'is on' : 'is off'}.</Notice>}
      <button type="submit">Save</button>
    </form>
  );
}
