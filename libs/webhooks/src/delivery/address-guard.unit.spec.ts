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
    expect((refused as DomainError).message).toBe('The webhook URL resolves to a private or loopback address.');
  });

  it('refuses a loopback IP literal with 4003 without a DNS server', async () => {
    expect(await codeOf(new WebhookAddressGuard(false).check('127.0.0.1'))).toBe(4003);
    expect(await codeOf(new WebhookAddressGuard(false).check('[::1]'))).toBe(4003);
  });

  it('refuses a host that does not resolve with 4006', async () => {
    expect(await codeOf(strict.check('nowhere.example'))).toBe(4006);
  });

  it('allows private addresses when configured to', async () => {
    expect(await new WebhookAddressGuard(true, resolver).check('mixed.example')).toHaveLength(2);
  });
});
