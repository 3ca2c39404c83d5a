import type { EnvReader } from '../env-parsers';

/**
 * The customer dashboard (/dashboard/v1). publicUrl: where the web UI is served; mailed links start
 * with it, and session cookies are Secure when it is https. Sign-in failures are counted per account
 * and per client address in fixed windows of signInWindowSeconds, in the store every process shares (SignInAttempts).
 */
export interface DashboardConfig {
  publicUrl: string;
  secureCookies: boolean;
  trialCredits: number;
  sessionTtlHours: number;
  signInFailuresPerAccount: number;
  signInFailuresPerAddress: number;
  signInWindowSeconds: number;
  /** Anonymous mail and password-hash requests per client address, mails per recipient, invitations per team, per window. */
  mailPerClient: number;
  mailPerRecipient: number;
  invitesPerAccount: number;
  mailWindowSeconds: number;
  /** Unexpired sessions one user may hold at once; a sign-in past it answers 409 (code 6015). */
  maxSessionsPerUser: number;
}

export function readDashboard(r: EnvReader): DashboardConfig {
  const publicUrl = r.url('DASHBOARD_URL', ['http:', 'https:']) ?? `http://localhost:${r.int('PORT', 3000, 0, 65535)}`;
  return {
    publicUrl: publicUrl.replace(/\/+$/, ''),
    // Plain HTTP is only for local use; a browser drops Secure cookies there, so they are Secure exactly when the UI is https.
    secureCookies: publicUrl.startsWith('https:'),
    trialCredits: r.int('TRIAL_CREDITS', 100, 0, 1_000_000_000),
    sessionTtlHours: r.int('SESSION_TTL_HOURS', 336, 1, 8_760),
    signInFailuresPerAccount: r.int('SIGNIN_MAX_FAILURES_PER_ACCOUNT', 5, 1, 1_000),
    signInFailuresPerAddress: r.int('SIGNIN_MAX_FAILURES_PER_ADDRESS', 50, 1, 100_000),
    signInWindowSeconds: r.int('SIGNIN_WINDOW_SECONDS', 900, 1, 86_400),
    mailPerClient: r.int('MAIL_MAX_PER_CLIENT', 30, 1, 1_000_000),
    mailPerRecipient: r.int('MAIL_MAX_PER_RECIPIENT', 5, 1, 1_000),
    invitesPerAccount: r.int('INVITES_MAX_PER_ACCOUNT', 20, 1, 100_000),
    mailWindowSeconds: r.int('MAIL_WINDOW_SECONDS', 3600, 1, 86_400),
    maxSessionsPerUser: r.int('MAX_SESSIONS_PER_USER', 20, 1, 10_000),
  };
}
