import { api } from '../api/client';
import { DASHBOARD, Usage } from '../api/dashboard';
import { V1, VerificationJobPage } from '../api/v1';
import { ErrorAlert } from '../components/Alert';
import { JobTable } from '../components/JobTable';
import { PageTitle } from '../components/PageTitle';
import { UsageChart } from '../components/UsageChart';
import { useLoad } from '../lib/use-load';
import { Link } from '../router';

export function OverviewPage({ balance, balanceError }: { balance: number | null; balanceError: unknown }) {
  const jobs = useLoad(() => api<VerificationJobPage>('GET', `${V1.jobs}?pageSize=5`));
  const usage = useLoad(() => api<Usage>('GET', `${DASHBOARD.usage}?days=30`));
  return (
    <>
      <PageTitle>Overview</PageTitle>
      <section className="card primary-action" aria-labelledby="start-title">
        <h2 id="start-title" className="visually-hidden">
          Start
        </h2>
        <Link to="/lists" className="button" data-testid="verify-list">
          Verify a list
        </Link>
        <span className="hint">Upload a CSV of addresses: you see the cost before anything is charged.</span>
      </section>
      <section className="card balance" aria-labelledby="balance-title">
        <h2 id="balance-title">Balance</h2>
        <ErrorAlert error={balanceError} />
        <p className="big" data-testid="balance">
          {balance === null ? '…' : balance.toLocaleString('en')} <span>credits</span>
        </p>
        <p>
          <Link to="/billing">Buy credits</Link> · <Link to="/verify">Verify a few addresses</Link>
        </p>
      </section>
      <section className="card" aria-labelledby="usage-title">
        <h2 id="usage-title">Usage</h2>
        <ErrorAlert error={usage.error} />
        {usage.data && <UsageChart days={usage.data.daily.map((d) => ({ date: d.day, byResult: d.byResult }))} />}
      </section>
      <section aria-labelledby="recent-title">
        <h2 id="recent-title">Recent lists</h2>
        <ErrorAlert error={jobs.error} />
        {jobs.data && <JobTable jobs={jobs.data.items} basePath="/lists" />}
      </section>
    </>
  );
}
