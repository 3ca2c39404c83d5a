import { DomainError } from '@lib/common';
import { AdminGuessThrottle } from './admin-guess-throttle';
import { MemorySlots } from '@lib/slots';
import { RateGrants } from './rate-limit/rate-grants';

const wrong = () => {
  throw new DomainError('INVALID_ADMIN_TOKEN');
};
const right = () => undefined;
/** What a guard call answered: 'ok', or the DomainError's name. */
const outcome = (guarding: Promise<void>) =>
  guarding.then(
    () => 'ok',
    (error: unknown) => (error instanceof DomainError ? error.errorName : String(error)),
  );

describe('AdminGuessThrottle', () => {
  it('compares a burst of concurrent guesses from one address no more often than its limit', async () => {
    const throttle = new AdminGuessThrottle(new RateGrants(new MemorySlots()), 5);
    const answers = await Promise.all(Array.from({ length: 20 }, () => outcome(throttle.guard('203.0.113.1', wrong))));
    expect(answers.filter((a) => a === 'INVALID_ADMIN_TOKEN')).toHaveLength(5);
    expect(answers.filter((a) => a === 'RATE_LIMITED')).toHaveLength(15);
    expect(await outcome(throttle.guard('203.0.113.1', right))).toBe('RATE_LIMITED');
    expect(await outcome(throttle.guard('203.0.113.2', right))).toBe('ok');
  });

  it('never spends on a right token', async () => {
    const throttle = new AdminGuessThrottle(new RateGrants(new MemorySlots()), 2);
    for (let i = 0; i < 50; i++) expect(await outcome(throttle.guard('198.51.100.1', right))).toBe('ok');
    expect(await outcome(throttle.guard('198.51.100.1', wrong))).toBe('INVALID_ADMIN_TOKEN');
  });

  it('counts the guesses made through every throttle on one store (api replicas) against one limit', async () => {
    const storage = new Map(); // one store, a client per replica
    const replicas = [
      new AdminGuessThrottle(new RateGrants(new MemorySlots(storage)), 4),
      new AdminGuessThrottle(new RateGrants(new MemorySlots(storage)), 4),
    ];
    const answers: string[] = [];
    for (let i = 0; i < 8; i++) answers.push(await outcome(replicas[i % 2].guard('192.0.2.9', wrong)));
    expect(answers).toEqual([...Array(4).fill('INVALID_ADMIN_TOKEN'), ...Array(4).fill('RATE_LIMITED')]);
  });
});

describe('AdminGuessThrottle, by client', () => {
  it('finding 6: counts every address of one IPv6 /64 as one client', async () => {
    const throttle = new AdminGuessThrottle(new RateGrants(new MemorySlots()), 2, 64);
    expect(await outcome(throttle.guard('2001:db8:cc:1::1', wrong))).toBe('INVALID_ADMIN_TOKEN');
    expect(await outcome(throttle.guard('2001:db8:cc:1::2', wrong))).toBe('INVALID_ADMIN_TOKEN');
    expect(await outcome(throttle.guard('2001:db8:cc:1:ffff::3', wrong))).toBe('RATE_LIMITED');
    expect(await outcome(throttle.guard('2001:db8:cc:2::1', right))).toBe('ok');
  });
});
