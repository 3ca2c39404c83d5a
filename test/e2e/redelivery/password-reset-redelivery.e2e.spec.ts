import type { CrashPoint } from '../../support/harness/crash-points';
import { describeUnderFaults, HarnessScenario } from '../../support/harness/redelivery-harness';
import { DashboardBrowser, tokenFromOutbox } from '../../support/dashboard-browser';
import { PASSWORD, signedInUser, uniqueEmail } from '../dashboard/dashboard-users';

const NEW_PASSWORD = 'the owner takes it back';

/**
 * Security review finding 2 (issue 25): a password reset cancels a pending change of address in its own
 * append (EmailChangeCancelled beside PasswordReset), so no crash can leave the new password recorded
 * with the change still open. Killed before and after that append (its caller then asks again, as after
 * any 500), with every message delivered twice, the change link must be dead, the new password the one
 * that signs in, and the address unchanged, exactly as in a clean run.
 */
const resetCancelsEmailChange: HarnessScenario = {
  startPeers: async () => ({ env: {}, close: async () => undefined }),
  run: async (app) => {
    const { browser, email } = await signedInUser(app);
    const eve = uniqueEmail('eve');
    await browser.request('PUT', '/dashboard/v1/email', { body: { newEmail: eve, password: PASSWORD } });
    const changeToken = await tokenFromOutbox(app.dataDir, eve, '/confirm-email-change');
    const anon = new DashboardBrowser(app.url);
    await anon.prepare();
    await anon.request('POST', '/dashboard/v1/password-reset/request', { body: { email } });
    const resetToken = await tokenFromOutbox(app.dataDir, email, '/reset-password');
    const reset = () =>
      anon.request('POST', '/dashboard/v1/password-reset/confirm', {
        body: { token: resetToken, password: NEW_PASSWORD },
      });
    if ((await reset()).status >= 500) await reset();

    const taken = await anon.request('POST', '/dashboard/v1/email-change/confirm', { body: { token: changeToken } });
    const signIn = await anon.request('POST', '/dashboard/v1/sign-in', { body: { email, password: NEW_PASSWORD } });
    const oldPassword = await anon.request('POST', '/dashboard/v1/sign-in', { body: { email, password: PASSWORD } });
    return {
      changeLink: { status: taken.status, code: taken.body.error?.code },
      signIn: signIn.status,
      address: signIn.body.data?.user.email === email,
      oldPassword: oldPassword.status,
      oldSession: (await browser.request('GET', '/dashboard/v1/me')).status,
    };
  },
};

const steps: CrashPoint[] = (['before', 'after'] as const).map((when) => ({
  name: 'the PasswordReset record',
  when,
  matches: (_, e) => e.type === 'PasswordReset',
}));

describe('finding 2: an email change survives a password reset', () => {
  describeUnderFaults([
    {
      name: 'a password reset with a change of address pending',
      scenario: resetCancelsEmailChange,
      steps,
      expected: {
        changeLink: { status: 400, code: 6006 },
        signIn: 200,
        address: true,
        oldPassword: 401,
        oldSession: 401,
      },
    },
  ]);
});
