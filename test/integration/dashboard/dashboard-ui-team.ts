import { eventually } from '@lib/common/testing';
import { tokenFromOutbox } from '../../support/dashboard-browser';
import { MEMBER, PASSWORD } from './dashboard-ui-fixture';
import { DashboardUiWorld } from './dashboard-ui-world';

// The team part of the dashboard story, from the owner's Team page to the member's own API key.

/**
 * Opens the owner's Team page and invites MEMBER twice (the second replaces the first), then invites a
 * stray address and withdraws it (issue 25, finding 1). Audits the page as 'team'.
 */
export async function inviteTheMember(world: DashboardUiWorld): Promise<void> {
  const { page, audit } = world;
  await page.getByRole('link', { name: 'Team', exact: true }).click();
  await page.getByLabel('Email of the person to invite', { exact: true }).fill(MEMBER.email);
  await page.getByLabel('Role', { exact: true }).selectOption('member');
  await page.getByRole('button', { name: 'Send invitation', exact: true }).click();
  await page.getByText(`Invitation sent to ${MEMBER.email} as member`).waitFor();
  const invites = page.getByTestId('invites-table');
  await invites.getByRole('cell', { name: MEMBER.email, exact: true }).waitFor();
  // Small finding: inviting the same person again replaces the invitation instead of adding one.
  await page.getByLabel('Email of the person to invite', { exact: true }).fill(MEMBER.email);
  await page.getByRole('button', { name: 'Send invitation', exact: true }).click();
  await eventually(
    async () => {
      await page.reload();
      await invites.getByRole('cell', { name: MEMBER.email, exact: true }).first().waitFor();
      expect(await invites.getByRole('cell', { name: MEMBER.email, exact: true }).count()).toBe(1);
    },
    { timeoutMs: 10_000, intervalMs: 250 },
  );
  await audit('team');
  // A second invitation, withdrawn: it leaves the list and its link stops working (issue 25, finding 1).
  const stray = 'stray@member.example';
  await page.getByLabel('Email of the person to invite', { exact: true }).fill(stray);
  await page.getByRole('button', { name: 'Send invitation', exact: true }).click();
  await invites.getByRole('cell', { name: stray, exact: true }).waitFor();
  page.once('dialog', (dialog) => void dialog.accept());
  await invites
    .getByRole('row', { name: new RegExp(stray) })
    .getByRole('button', { name: 'Withdraw' })
    .click();
  await page.getByText(`The invitation to ${stray} was withdrawn.`).waitFor();
  // The notice shows once the withdrawal is answered; the list is read again after it.
  await invites.getByRole('cell', { name: stray, exact: true }).waitFor({ state: 'detached' });
  await invites.getByRole('cell', { name: MEMBER.email, exact: true }).waitFor();
}

/**
 * The invited MEMBER in a browser of their own: signs up from the newest invitation's link, confirms,
 * joins the team and creates a key. Returns the key's secret (shown once).
 */
export async function memberJoinsAndMakesAKey(world: DashboardUiWorld): Promise<string> {
  const { app, browser, url } = world;
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const member = await memberContext.newPage();
  // The newest invitation's link (the first one was replaced).
  const invite = url(`/accept-invite?token=${await tokenFromOutbox(app.dataDir, MEMBER.email, '/accept-invite', 2)}`);
  await member.goto(invite);
  await member.getByRole('link', { name: 'Create an account', exact: true }).click();
  await member.getByLabel('Your name', { exact: true }).fill(MEMBER.name);
  await member.getByLabel('Email', { exact: true }).fill(MEMBER.email);
  await member.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await member.getByRole('button', { name: 'Create account', exact: true }).click();
  await member.getByText('Check your inbox').waitFor();
  await member.goto(url(`/confirm-email?token=${await tokenFromOutbox(app.dataDir, MEMBER.email, '/confirm-email')}`));
  await member.getByText('Your email address is confirmed and you are signed in.').waitFor();
  await member.goto(invite);
  await member.getByRole('button', { name: 'Join the team', exact: true }).click();
  await member.getByRole('heading', { name: 'Team', exact: true }).waitFor();
  await member.getByText('Your role: member').waitFor();

  await member.getByRole('link', { name: 'API keys', exact: true }).click();
  await member.getByLabel('Label for the new key', { exact: true }).fill('Grace laptop');
  await member.getByRole('button', { name: 'Create key', exact: true }).click();
  const secret = await member.getByTestId('secret-value').innerText();
  await memberContext.close();
  return secret;
}
