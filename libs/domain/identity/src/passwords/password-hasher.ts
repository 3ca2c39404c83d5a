import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id is a const enum in the package's typings; its value is 2.
const ARGON2ID = 2;
/** OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): about 30 ms a hash on one core. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Passwords are stored only as argon2id hashes (the parameters travel inside the PHC string, so
 * raising them later still verifies old hashes). Verifying an unknown user's sign-in runs against
 * a dummy hash so the answer takes as long as for a real one.
 */
export class PasswordHasher {
  private dummy: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  async verify(storedHash: string | null, password: string): Promise<boolean> {
    const target = storedHash ?? (await (this.dummy ??= this.hash('no user has this password')));
    try {
      return (await verify(target, password)) && storedHash !== null;
    } catch {
      return false;
    }
  }
}
