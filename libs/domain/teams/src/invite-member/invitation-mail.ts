import type { OutgoingMail } from '@lib/mail';

/** The invitation's mail; its link points at the web UI (DASHBOARD_URL), which posts the token back. */
export const invitationMail = (
  to: string,
  inviter: { name: string; email: string },
  role: string,
  baseUrl: string,
  token: string,
): OutgoingMail => ({
  to,
  subject: `${inviter.name} invited you to their team`,
  text: `${inviter.name} (${inviter.email}) invited you to join their team as ${role}.\n\nSign up or sign in with this address, then open:\n\n${baseUrl}/accept-invite?token=${token}\n\nThe invitation is valid for 7 days.\n`,
});
