import { Inject, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { Clock } from '@lib/common';
import { MailModule } from '@lib/mail';
import { provideAdapter, ProjectionRegistry } from '@lib/platform';
import { PasswordHasher } from './passwords/password-hasher';
import { sessionsProjection } from './authenticate/sessions.projection';
import { usersProjection } from './shared/users.projection';
import { EmailChangeService } from './change-email/email-change.service';
import { AccountClosureService } from './close-account/account-closure.service';
import { PasswordService } from './change-password/password.service';
import { RegistrationService } from './sign-up/registration.service';
import { SessionAuthenticator } from './authenticate/session-authenticator';
import { SignInService } from './sign-in/sign-in.service';
import { createSignInAttempts } from './sign-in-throttle/create-sign-in-attempts';
import { SignInAttempts } from './sign-in-throttle/sign-in-attempts';
import { IDENTITY_CONFIG, IdentityConfig, IdentityConfigModule } from './identity.config';
import { SignInThrottle } from './sign-in-throttle/sign-in-throttle';
import { MailThrottle } from './sign-in-throttle/mail-throttle';
import { CurrentPassword } from './sign-in-throttle/current-password';
import { UserStreams } from './shared/user-streams';
import { AfterAnswer } from './shared/after-answer';
import { UserDirectoryModule } from './find-users/user-directory.module';
import { SwitchTeamModule } from './switch-team/switch-team.module';
import { ManageSessionsModule } from './manage-sessions/manage-sessions.module';

const SERVICES = [
  UserStreams,
  AfterAnswer,
  CurrentPassword,
  RegistrationService,
  SignInService,
  SessionAuthenticator,
  PasswordService,
  EmailChangeService,
  AccountClosureService,
];

/**
 * Dashboard users: registration, sessions, passwords, closing the account, sign-in and mail throttling (SignInAttempts: MongoDB when
 * MONGO_URL is set, else DATA_DIR/sign-in-attempts.sqlite). Registers its projections in the projector role.
 */
@Module({
  imports: [CqrsModule, IdentityConfigModule, MailModule, UserDirectoryModule, SwitchTeamModule, ManageSessionsModule],
  providers: [
    ...SERVICES,
    { provide: PasswordHasher, useValue: new PasswordHasher() },
    provideAdapter(SignInAttempts, createSignInAttempts),
    {
      provide: SignInThrottle,
      inject: [SignInAttempts, IDENTITY_CONFIG, Clock],
      useFactory: (attempts: SignInAttempts, d: IdentityConfig, clock: Clock) => {
        const limits = {
          perAccount: d.signInFailuresPerAccount,
          perAddress: d.signInFailuresPerAddress,
          windowMs: d.signInWindowSeconds * 1000,
          ipv6PrefixLength: d.throttleIpv6PrefixLength,
        };
        return new SignInThrottle(attempts, limits, () => clock.now());
      },
    },
    {
      provide: MailThrottle,
      inject: [SignInAttempts, IDENTITY_CONFIG, Clock],
      useFactory: (attempts: SignInAttempts, d: IdentityConfig, clock: Clock) => {
        const limits = {
          perClient: d.mailPerClient,
          perRecipient: d.mailPerRecipient,
          invitesPerAccount: d.invitesPerAccount,
          windowMs: d.mailWindowSeconds * 1000,
          ipv6PrefixLength: d.throttleIpv6PrefixLength,
        };
        return new MailThrottle(attempts, limits, () => clock.now());
      },
    },
  ],
  exports: [...SERVICES, MailThrottle],
})
export class IdentityModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(ProjectionRegistry) private readonly projections: ProjectionRegistry,
    @Inject(SignInAttempts) private readonly attempts: SignInAttempts,
  ) {}

  onModuleInit(): void {
    this.projections.register(usersProjection, sessionsProjection);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.attempts.close();
  }
}
