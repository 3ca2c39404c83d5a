import { FormEvent, useEffect, useState } from 'react';
import { api } from '../api/client';
import { DASHBOARD, Retention } from '../api/dashboard';
import { forgetRetention } from '../lib/retention';
import { useLoad } from '../lib/use-load';
import { ErrorAlert } from './Alert';
import { Field } from './Field';

const days = (n: number) => (n === 0 ? 'kept until you choose' : `${n} day${n === 1 ? '' : 's'}`);

/** How long the team's data is kept: everyone sees it, owners and admins choose it within the bounds. */
export function RetentionSettings({
  canManage,
  act,
  setNotice,
}: {
  canManage: boolean;
  act: (run: () => Promise<void>) => Promise<void>;
  setNotice: (text: string) => void;
}) {
  const retention = useLoad(() => api<Retention>('GET', DASHBOARD.retention));
  const [form, setForm] = useState({ historyDays: '', jobFilesDays: '' });
  useEffect(() => {
    if (retention.data)
      setForm({
        historyDays: String(retention.data.historyDays || retention.data.bounds.history.max),
        jobFilesDays: String(retention.data.jobFilesDays || retention.data.bounds.jobFiles.max),
      });
  }, [retention.data]);
  const save = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      const chosen = await api<Retention>('PUT', DASHBOARD.retention, {
        historyDays: Number(form.historyDays),
        jobFilesDays: Number(form.jobFilesDays),
      });
      forgetRetention();
      await retention.reload();
      setNotice(
        `Data retention saved: calls are kept ${days(chosen.historyDays)}, list files ${days(chosen.jobFilesDays)} after the job ends.`,
      );
    });
  };
  const data = retention.data;
  return (
    <section className="card" aria-labelledby="retention-title">
      <h2 id="retention-title">Data retention</h2>
      <ErrorAlert error={retention.error} />
      {data && (
        <p data-testid="retention-in-force">
          Single, batch and finder calls are kept {days(data.historyDays)}; a list&apos;s file and results{' '}
          {days(data.jobFilesDays)} after the job ends{data.chosen ? '' : " (this service's defaults)"}. Older data is
          erased for good, within a day. You get a notice, and a <code>job.files_expiring</code> webhook, 7 days and 1
          day before a list&apos;s files go.
        </p>
      )}
      {data && canManage && (
        <form onSubmit={save}>
          <Field
            label="Keep call history (days)"
            type="number"
            min={data.bounds.history.min}
            max={data.bounds.history.max}
            hint={`Between ${data.bounds.history.min} and ${data.bounds.history.max} days.`}
            value={form.historyDays}
            onChange={(e) => setForm({ ...form, historyDays: e.target.value })}
            required
          />
          <Field
            label="Keep list files and results (days after the job ends)"
            type="number"
            min={data.bounds.jobFiles.min}
            max={data.bounds.jobFiles.max}
            hint={`Between ${data.bounds.jobFiles.min} and ${data.bounds.jobFiles.max} days.`}
            value={form.jobFilesDays}
            onChange={(e) => setForm({ ...form, jobFilesDays: e.target.value })}
            required
          />
          <button type="submit">Save retention</button>
        </form>
      )}
    </section>
  );
}
