import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { Clock } from '@lib/common';
import { AppConfig } from '@lib/config';
import { MailModule } from '@lib/mail';
import { APP_CONFIG, ProjectionRegistry } from '@lib/platform';
import { PasswordHasher } from './passwords/password-hasher';
import { sessionsProjection } from './authenticate/sessions.projection';
import { usersProjection } from './shared/users.projection';
import { EmailChangeService } from './change-email/email-change.service';
import { PasswordService } from './change-password/password.service';
import { RegistrationService } from './sign-up/registration.service';
import { SessionAuthenticator } from './authenticate/session-authenticator';
import { SessionsService } from './manage-sessions/sessions.service';
import { SignInService } from './sign-in/sign-in.service';
import { SignInThrottle } from './sign-in/sign-in-throttle';
import { UserStreams } from './shared/user-streams';

const SERVICES = [UserStreams, RegistrationService, SignInService, SessionAuthenticator, SessionsService, PasswordService, EmailChangeService];

/** Dashboard users: registration, sessions, passwords. Registers its projections in the projector role. */
@Module({
  imports: [MailModule],
  providers: [
    ...SERVICES,
    { provide: PasswordHasher, useValue: new PasswordHasher() },
    {
      provide: SignInThrottle,
      inject: [APP_CONFIG, Clock],
      useFactory: (config: AppConfig, clock: Clock) => {
        const d = config.dashboard;
        return new SignInThrottle(d.signInFailuresPerAccount, d.signInFailuresPerAddress, d.signInWindowSeconds * 1000, () => clock.now());
      },
    },
  ],
  exports: SERVICES,
})
export class IdentityModule implements OnModuleInit {
  constructor(@Inject(ProjectionRegistry) private readonly projections: ProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(usersProjection, sessionsProjection);
  }
}
