import table from '../../data/disposable-mx-hosts.json';
import { isDisposableMailHost, isDisposableMailRoute, isSharedMailInfrastructure } from './disposable-mail-hosts';

const host = (name: string, addresses = ['192.0.2.10'], canonical?: string) => ({ name, addresses, canonical });

describe("throwaway providers' MX hosts", () => {
  it('knows a host under a listed domain, as the lists name it or not', () => {
    expect(isDisposableMailHost(host('mail.mailinator.com'))).toBe(true);
    expect(isDisposableMailHost(host('mx.some-new-name.mailinator.com'))).toBe(true);
  });

  it('knows the curated hosts whose names are on no list', () => {
    expect(isDisposableMailHost(host('mx2.den.yt'))).toBe(true);
    expect(isDisposableMailHost(host('mail.h-email.net'))).toBe(true);
    expect(isDisposableMailHost(host('mx3.den.yt'))).toBe(false);
  });

  it('knows a host by an address of the table, and by the name at the end of its CNAME chain', () => {
    // mail.mailinator.com's address as infiniteloopltd observed it (2021).
    expect(table.addresses).toContain('23.239.11.30');
    expect(isDisposableMailHost(host('mx.unknown-name.example', ['23.239.11.30']))).toBe(true);
    expect(isDisposableMailHost(host('mx.private-brand.example', ['192.0.2.10'], 'mail.mailinator.com'))).toBe(true);
  });

  // yandex.net, improvmx.com and duck.com are on the disposable lists; real domains receive there every day.
  it.each([
    'mx.yandex.net',
    'mx1.improvmx.com',
    'inbound.duck.com',
    'aspmx.l.google.com',
    'acme-com.mail.protection.outlook.com',
    'mx1.simplelogin.co',
    'mx.home.pl',
  ])('never counts shared infrastructure %s', (name) => {
    expect(isSharedMailInfrastructure(name)).toBe(true);
    expect(isDisposableMailHost(host(name))).toBe(false);
  });

  it('lets the allow-list clear a provider', () => {
    expect(isDisposableMailHost(host('mail.mailinator.com'), ['mailinator.com'])).toBe(false);
  });

  it("flags a route only when every MX host with an address is a throwaway provider's", () => {
    const throwaway = host('mail.mailinator.com');
    expect(isDisposableMailRoute([throwaway, host('mail2.mailinator.com')])).toBe(true);
    expect(isDisposableMailRoute([throwaway, host('mx.acme-industries.example')])).toBe(false);
    // A host without addresses takes no mail and decides nothing.
    expect(isDisposableMailRoute([throwaway, host('mx.acme-industries.example', [])])).toBe(true);
    expect(isDisposableMailRoute([host('mail.mailinator.com', [])])).toBe(false);
  });

  it('carries its sources, their dates and sizes', () => {
    expect(table.sources.length).toBeGreaterThanOrEqual(2);
    for (const source of table.sources)
      expect(source).toMatchObject({
        revision: expect.any(String),
        observed: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      });
    expect(table.hosts.length).toBeGreaterThan(1_000);
    expect(table.addresses.length).toBeGreaterThan(500);
  });
});
