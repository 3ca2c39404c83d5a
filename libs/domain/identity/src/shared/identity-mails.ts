import { OutgoingMail } from '@lib/mail';
import type { UserEvent } from '../domain/user.events';

/** The texts of the identity mails; links point at the web UI (DASHBOARD_URL), which posts the token back. */
export const identityMails = {
  confirm: (to: string, baseUrl: string, token: string): OutgoingMail => ({
    to,
    subject: 'Confirm your email address',
    text: `Welcome! Confirm your address to sign in:\n\n${baseUrl}/confirm-email?token=${token}\n\nThe link works once, for 48 hours. If you did not sign up, ignore this message.\n`,
  }),
  alreadyRegistered: (to: string, baseUrl: string): OutgoingMail => ({
    to,
    subject: 'Someone tried to sign up with your address',
    text: `Somebody (maybe you) tried to create an account with this address, which already has one.\n\nSign in: ${baseUrl}/sign-in\nForgot the password? ${baseUrl}/forgot-password\n`,
  }),
  reset: (to: string, baseUrl: string, token: string): OutgoingMail => ({
    to,
    subject: 'Reset your password',
    text: `Choose a new password here:\n\n${baseUrl}/reset-password?token=${token}\n\nThe link works once, for 1 hour. If you did not ask for it, ignore this message: your password is unchanged.\n`,
  }),
  confirmNewEmail: (to: string, baseUrl: string, token: string): OutgoingMail => ({
    to,
    subject: 'Confirm your new email address',
    text: `Confirm that this is your new sign-in address:\n\n${baseUrl}/confirm-email-change?token=${token}\n\nThe link works once, for 24 hours.\n`,
  }),
  emailChangeRequested: (to: string, newEmail: string): OutgoingMail => ({
    to,
    subject: 'Your sign-in address is about to change',
    text: `A change of your sign-in address to ${newEmail} was requested. If this was not you, reset your password now.\n`,
  }),
  /** After a reset or change of password: what the new password took back, so an owner who did not do it knows. */
  passwordChanged: (to: string, baseUrl: string, decided: UserEvent[]): OutgoingMail => {
    const cancelled = decided.find((e) => e.type === 'EmailChangeCancelled');
    const ended = decided.filter((e) => e.type === 'SessionEnded').length;
    const lines = [
      'The password of your account was just changed.',
      ...(cancelled ? [`The pending change of your sign-in address to ${cancelled.data.newEmail} was cancelled.`] : []),
      ...(ended > 0 ? [`${ended} other signed-in session(s) were signed out.`] : []),
      `If this was not you, reset your password now: ${baseUrl}/forgot-password`,
    ];
    return { to, subject: 'Your password was changed', text: `${lines.join('\n\n')}\n` };
  },
};
