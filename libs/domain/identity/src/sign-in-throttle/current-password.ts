import { Injectable } from '@nestjs/common';
import { DomainError } from '@lib/common';
import type { RegisteredUser } from '../domain/user.decider';
import { PasswordHasher } from '../passwords/password-hasher';
import { SignInThrottle } from './sign-in-throttle';

/**
 * The current password a signed-in change (of password or address) asks for, counted as a sign-in attempt
 * at the user's account: a stolen session gets no more guesses at it than the sign-in form gives anyone.
 */
@Injectable()
export class CurrentPassword {
  constructor(
    private readonly hasher: PasswordHasher,
    private readonly throttle: SignInThrottle,
  ) {}

  /** Throws SIGN_IN_THROTTLED (429) past the account's limit, CURRENT_PASSWORD_WRONG (counted) on a wrong password. */
  async verify(user: RegisteredUser, password: string, client: string): Promise<void> {
    const attempt = await this.throttle.admit(user.email, client, user.knownClients);
    if (!(await this.hasher.verify(user.passwordHash, password))) throw new DomainError('CURRENT_PASSWORD_WRONG');
    await attempt.succeeded();
  }
}
