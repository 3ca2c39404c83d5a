// The public surface of identity: its modules, one service per use case (sign-up, sign-in, sessions,
// password, email change), the session authenticator, the user directory queries, and the events
// other libs read (with the upcasters that read them).
export { IdentityModule } from './identity.module';
export { RegistrationService } from './sign-up/registration.service';
export { SignInService } from './sign-in/sign-in.service';
export { SessionAuthenticator, type DashboardPrincipal } from './authenticate/session-authenticator';
export { ListSessionsQuery, RevokeSessionCommand, SignOutCommand } from './manage-sessions/manage-sessions.commands';
export { PasswordService } from './change-password/password.service';
export { MailThrottle } from './sign-in-throttle/mail-throttle';
export { EmailChangeService } from './change-email/email-change.service';
export { AccountClosureService } from './close-account/account-closure.service';
export { normalizeEmail } from './shared/user-streams';
export { JoinTeamCommand, LeaveTeamCommand } from './switch-team/switch-team.commands';
export { SwitchTeamModule } from './switch-team/switch-team.module';
export { UserDirectoryModule } from './find-users/user-directory.module';
export { FindSessionOwnersQuery, FindUsersQuery } from './find-users/find-users.query';
export { FindRegistrationQuery } from './find-users/find-registration.query';
export { USER_UPCASTERS } from './domain/user.upcast';
export type { UserEvent } from './domain/user.events';
export { newSecretToken } from './tokens/secret-hash';
export { newLinkToken, parseLinkToken } from './tokens/link-token';
