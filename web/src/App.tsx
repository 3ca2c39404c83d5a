import { ReactElement, useCallback, useEffect, useState } from 'react';
import { api } from './api/client';
import { Balance, V1 } from './api/v1';
import {
  AcceptInvitePage,
  ConfirmEmailChangePage,
  ConfirmPage,
  ResetPage,
  SignInPage,
  SignUpPage,
} from './pages/AuthPages';
import { AccountPage } from './pages/AccountPage';
import { BillingPage } from './pages/BillingPage';
import { FinderPage } from './pages/FinderPage';
import { JobPage } from './pages/JobPage';
import { KeysPage } from './pages/KeysPage';
import { ListsPage } from './pages/ListsPage';
import { OverviewPage } from './pages/OverviewPage';
import { TeamPage } from './pages/TeamPage';
import { VerifyPage } from './pages/VerifyPage';
import { WebhooksPage } from './pages/WebhooksPage';
import { ErrorBoundary } from './components/ErrorBoundary';
import { UploadLimitsProvider } from './lib/upload-limits';
import { Link, matchRoute, useRouter } from './router';
import { useSession } from './session';

const NAV = [
  { to: '/', label: 'Overview' },
  { to: '/verify', label: 'Verify' },
  { to: '/lists', label: 'Lists' },
  { to: '/finder', label: 'Finder' },
  { to: '/keys', label: 'API keys' },
  { to: '/team', label: 'Team' },
  { to: '/billing', label: 'Billing' },
  { to: '/webhooks', label: 'Webhooks' },
];

// Paths of the links the back end mails (confirm-email, reset-password, confirm-email-change) are fixed by it.
const PUBLIC_PAGES: Record<string, () => ReactElement> = {
  '/signup': SignUpPage,
  '/signin': SignInPage,
  '/confirm-email': ConfirmPage,
  '/reset-password': ResetPage,
  '/confirm-email-change': ConfirmEmailChangePage,
  '/accept-invite': AcceptInvitePage,
};

/** The balance every page shows, re-read after anything that spends or buys credits. */
function useBalance(signedIn: boolean) {
  const [balance, setBalance] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const refresh = useCallback(() => {
    if (!signedIn) return;
    api<Balance>('GET', V1.balance).then((b) => {
      setBalance(b.balance);
      setError(null);
    }, setError);
  }, [signedIn]);
  useEffect(refresh, [refresh]);
  return { balance, error, refresh };
}

export function App() {
  const { me, loading, signOut } = useSession();
  const { path, navigate } = useRouter();
  const { balance, error: balanceError, refresh } = useBalance(me !== null);
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [path]);

  const Public = PUBLIC_PAGES[path];
  if (Public)
    return (
      <>
        <SkipLink />
        <main id="main" className="narrow">
          <Brand />
          <Public />
        </main>
      </>
    );
  if (loading)
    return (
      <main id="main">
        <p role="status">Loading…</p>
      </main>
    );
  if (!me) {
    queueMicrotask(() => navigate(`/signin${path === '/' ? '' : `?next=${encodeURIComponent(path)}`}`));
    return null;
  }

  const job = matchRoute('/lists/:id', path);
  let page: ReactElement;
  if (path === '/') page = <OverviewPage balance={balance} balanceError={balanceError} />;
  else if (path === '/verify') page = <VerifyPage onSpent={refresh} />;
  else if (path === '/lists') page = <ListsPage balance={balance} onSpent={refresh} />;
  else if (job) page = <JobPage id={job.id} onSpent={refresh} />;
  else if (path === '/finder') page = <FinderPage onSpent={refresh} />;
  else if (path === '/keys') page = <KeysPage />;
  else if (path === '/team') page = <TeamPage me={me} />;
  else if (path === '/billing') page = <BillingPage balance={balance} onBought={refresh} />;
  else if (path === '/webhooks') page = <WebhooksPage />;
  else if (path === '/account') page = <AccountPage me={me} />;
  else
    page = (
      <>
        <h1>Page not found</h1>
        <p>
          <Link to="/">Back to the overview</Link>
        </p>
      </>
    );

  return (
    <>
      <SkipLink />
      <header className={menuOpen ? 'topbar open' : 'topbar'}>
        <Brand />
        <span className="header-balance" data-testid="header-balance" aria-label="Balance">
          {balance === null ? '…' : `${balance.toLocaleString('en')} credits`}
        </span>
        <button
          type="button"
          className="menu-toggle secondary"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
        </button>
        <nav id="main-nav" aria-label="Main" className={menuOpen ? 'open' : undefined}>
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="account">
          <Link to="/account" className="who" title="Your account">
            {me.email}
          </Link>
          <button type="button" className="secondary" onClick={() => void signOut().then(() => navigate('/signin'))}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main">
        <UploadLimitsProvider>
          <ErrorBoundary resetKey={path}>{page}</ErrorBoundary>
        </UploadLimitsProvider>
      </main>
    </>
  );
}

function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to the content
    </a>
  );
}

function Brand() {
  return (
    <a className="brand" href="/">
      Mailcheck
    </a>
  );
}
