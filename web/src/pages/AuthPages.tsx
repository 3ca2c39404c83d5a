import { FormEvent, useEffect, useState } from 'react';
import { api, ApiError } from '../api/client';
import { DASHBOARD } from '../api/dashboard';
import { ErrorCode } from '../api/generated/error-codes';
import { ErrorAlert, Notice } from '../components/Alert';
import { Field } from '../components/Field';
import { PageTitle } from '../components/PageTitle';
import { Link, useRouter } from '../router';
import { useSession } from '../session';

function useSubmit(task: () => Promise<void>) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return { submit, error, busy };
}

export function SignUpPage() {
  const [form, setForm] = useState({ name: '', company: '', email: '', password: '' });
  const [done, setDone] = useState(false);
  const { submit, error, busy } = useSubmit(async () => {
    await api('POST', DASHBOARD.signUp, form);
    setDone(true);
  });
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: e.target.value });
  return (
    <div className="auth">
      <PageTitle>Create your account</PageTitle>
      {done ? (
        <Notice>Check your inbox: we sent a confirmation link to {form.email}. Open it to finish signing up.</Notice>
      ) : (
        <form onSubmit={submit} className="card">
          <Field label="Your name" value={form.name} onChange={set('name')} autoComplete="name" required />
          <Field
            label="Company (optional)"
            value={form.company}
            onChange={set('company')}
            autoComplete="organization"
          />
          <Field label="Email" type="email" value={form.email} onChange={set('email')} autoComplete="email" required />
          <Field
            label="Password"
            type="password"
            value={form.password}
            onChange={set('password')}
            autoComplete="new-password"
            minLength={10}
            required
            hint="At least 10 characters."
          />
          <ErrorAlert error={error} />
          <button type="submit" disabled={busy}>
            {busy ? 'Creating…' : 'Create account'}
          </button>
          <p>
            Already have an account? <Link to="/signin">Sign in</Link>
          </p>
        </form>
      )}
    </div>
  );
}

/** A mailed one-time link: posts its token once when the page opens. */
function TokenLinkPage({ title, path, doneText }: { title: string; path: string; doneText: string }) {
  const { query, navigate } = useRouter();
  const { me, refresh } = useSession();
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const token = query.get('token') ?? '';
  useEffect(() => {
    api('POST', path, { token }).then(async () => {
      setDone(true);
      await refresh();
    }, setError);
  }, [token]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="auth">
      <PageTitle>{title}</PageTitle>
      {!done && !error && <p role="status">Confirming…</p>}
      <ErrorAlert error={error} />
      {done && (
        <>
          <Notice>{doneText}</Notice>
          <button type="button" onClick={() => navigate(me ? '/' : '/signin')}>
            {me ? 'Go to the dashboard' : 'Sign in'}
          </button>
        </>
      )}
    </div>
  );
}

export const ConfirmPage = () => (
  <TokenLinkPage
    title="Confirm your email"
    path={DASHBOARD.confirm}
    doneText="Your email address is confirmed and you are signed in."
  />
);
export const ConfirmEmailChangePage = () => (
  <TokenLinkPage
    title="Confirm your new address"
    path={DASHBOARD.emailChangeConfirm}
    doneText="Your new email address is confirmed."
  />
);

export function SignInPage() {
  const { refresh } = useSession();
  const { navigate, query } = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [resent, setResent] = useState(false);
  const { submit, error, busy } = useSubmit(async () => {
    await api('POST', DASHBOARD.signIn, { email, password });
    await refresh();
    navigate(query.get('next') ?? '/');
  });
  const unconfirmed = error instanceof ApiError && error.code === ErrorCode.EMAIL_NOT_CONFIRMED;
  return (
    <div className="auth">
      <PageTitle formFirst>Sign in</PageTitle>
      <form onSubmit={submit} className="card">
        <Field
          label="Email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
          autoFocus
          required
        />
        <Field
          label="Password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          required
        />
        <ErrorAlert error={error} />
        {unconfirmed &&
          (resent ? (
            <Notice>A new confirmation link is on its way to {email}.</Notice>
          ) : (
            <button
              type="button"
              className="secondary"
              onClick={() => void api('POST', DASHBOARD.resendConfirmation, { email }).then(() => setResent(true))}
            >
              Send the confirmation link again
            </button>
          ))}
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p>
          <Link to="/reset-password">Forgot your password?</Link> · <Link to="/signup">Create an account</Link>
        </p>
      </form>
    </div>
  );
}

export function ResetPage() {
  const { query, navigate } = useRouter();
  const token = query.get('token');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const { submit, error, busy } = useSubmit(async () => {
    if (token) await api('POST', DASHBOARD.resetConfirm, { token, password });
    else await api('POST', DASHBOARD.resetRequest, { email });
    setDone(true);
  });
  return (
    <div className="auth">
      <PageTitle>{token ? 'Choose a new password' : 'Reset your password'}</PageTitle>
      {done ? (
        token ? (
          <>
            <Notice>Your password is changed; every other session was signed out.</Notice>
            <button type="button" onClick={() => navigate('/signin')}>
              Sign in
            </button>
          </>
        ) : (
          <Notice>
            If an account uses {email}, we sent it a link to choose a new password. The link works once, for a limited
            time.
          </Notice>
        )
      ) : (
        <form onSubmit={submit} className="card">
          {token ? (
            <Field
              label="New password"
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="new-password"
              minLength={10}
              required
              hint="At least 10 characters."
            />
          ) : (
            <Field
              label="Email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="email"
              required
            />
          )}
          <ErrorAlert error={error} />
          <button type="submit" disabled={busy}>
            {token ? 'Change password' : 'Send the link'}
          </button>
        </form>
      )}
    </div>
  );
}

/**
 * The mailed invitation link. Signed in (as the invited address), one click joins the team; otherwise
 * sign in or create the account first and come back here.
 */
export function AcceptInvitePage() {
  const { query, navigate } = useRouter();
  const { me, loading, refresh } = useSession();
  const token = query.get('token') ?? '';
  const here = `/accept-invite?token=${encodeURIComponent(token)}`;
  const { submit, error, busy } = useSubmit(async () => {
    await api('POST', DASHBOARD.acceptInvite, { token });
    await refresh();
    navigate('/team');
  });
  return (
    <div className="auth">
      <PageTitle>Join a team</PageTitle>
      {loading ? (
        <p role="status">Loading…</p>
      ) : me ? (
        <form onSubmit={submit} className="card">
          <p>
            You are signed in as <strong>{me.email}</strong>. Joining means your keys spend the team's credits.
          </p>
          <ErrorAlert error={error} />
          <button type="submit" disabled={busy}>
            Join the team
          </button>
        </form>
      ) : (
        <div className="card">
          <p>Sign in with the invited address, or create an account with it, then come back to this link.</p>
          <p>
            <Link to={`/signin?next=${encodeURIComponent(here)}`}>Sign in</Link> ·{' '}
            <Link to={`/signup?next=${encodeURIComponent(here)}`}>Create an account</Link>
          </p>
        </div>
      )}
    </div>
  );
}
