import { DomainError } from '@lib/common';
import { Resolver, WebhookAddressGuard } from './address-guard';

const answers =
  (table: Record<string, string[]>): Resolver =>
  async (host) =>
    (table[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const resolver = answers({
  'public.example': ['93.184.216.34'],
  'mixed.example': ['93.184.216.34', '10.0.0.5'],
  'v6loop.example': ['::1'],
});

async function codeOf(run: Promise<unknown>): Promise<number | null> {
  try {
    await run;
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

describe('webhook address guard', () => {
  const strict = new WebhookAddressGuard(false, resolver);

  it('accepts a host whose every address is public', async () => {
    expect(await strict.check('public.example')).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  it.each([['mixed.example'], ['v6loop.example']])(
    'refuses %s, which resolves to a non-public address, with 4003',
    async (host) => {
      expect(await codeOf(strict.check(host))).toBe(4003);
    },
  );

  it('finding 7: says only that the URL is not public, never which address the DNS answered', async () => {
    const refused = await strict.check('mixed.example').catch((error: DomainError) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).message).toBe('The webhook URL host does not resolve to a public address.');
  });

  it('refuses a loopback IP literal with 4003 without a DNS server', async () => {
    expect(await codeOf(new WebhookAddressGuard(false).check('127.0.0.1'))).toBe(4003);
    expect(await codeOf(new WebhookAddressGuard(false).check('[::1]'))).toBe(4003);
  });

  it('finding 11: answers a host that does not resolve exactly as one that resolves to a private address', async () => {
    const unresolvable = await strict.check('nowhere.example').catch((error: DomainError) => error);
    const internal = await strict.check('v6loop.example').catch((error: DomainError) => error);
    expect(unresolvable).toBeInstanceOf(DomainError);
    expect(internal).toBeInstanceOf(DomainError);
    const answer = (error: DomainError) => ({ code: error.code, status: error.status, message: error.message });
    expect(answer(unresolvable as DomainError)).toEqual(answer(internal as DomainError));
  });

  it('allows private addresses when configured to', async () => {
    expect(await new WebhookAddressGuard(true, resolver).check('mixed.example')).toHaveLength(2);
  });
});
