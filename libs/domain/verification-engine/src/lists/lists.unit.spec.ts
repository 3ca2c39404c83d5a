import { disposableDomainSet, isDisposableDomain } from './disposable-domains';
import { freeProviderSet, isFreeProvider } from './free-providers';
import { isRoleLocalPart } from './role-local-parts';

describe('disposable domains', () => {
  it('holds the union of the npm lists: well over a hundred thousand domains', () => {
    expect(disposableDomainSet().size).toBeGreaterThan(100_000);
  });

  it.each(['mailinator.com', 'guerrillamail.com', '10minutemail.com', 'yopmail.com'])('flags %s', (domain) => {
    expect(isDisposableDomain(domain)).toBe(true);
  });

  it('matches a subdomain of a listed domain', () => {
    expect(isDisposableDomain('inbox.mailinator.com')).toBe(true);
  });

  it.each(['x.mailinator.com', 'a.b.guerrillamail.com', 'x.cool.fr.nf', 'MAIL.YOPMAIL.COM.'])(
    'flags %s, a subdomain a throwaway service hands out',
    (domain) => {
      expect(isDisposableDomain(domain)).toBe(true);
    },
  );

  // edu.pl, eu.org and duckdns.org are on the lists and are public suffixes: matching stops at the registrable domain.
  it.each(['acme.co.uk', 'uni.edu.pl', 'wiki.eu.org', 'home.duckdns.org', 'other.fr.nf'])(
    'never flags %s through a public suffix above it',
    (domain) => {
      expect(isDisposableDomain(domain)).toBe(false);
    },
  );

  it.each(['gmail.com', 'outlook.com', 'yahoo.com', 'hotmail.com', 'icloud.com', 'nus.edu.sg', 'city.spb.ru'])(
    'never flags %s',
    (domain) => {
      expect(isDisposableDomain(domain)).toBe(false);
    },
  );

  it('lets the allow-list override the lists, for subdomains too', () => {
    expect(isDisposableDomain('mail.mailinator.com', ['mailinator.com'])).toBe(false);
  });
});

describe('free providers', () => {
  it.each(['gmail.com', 'yahoo.com', 'outlook.com', 'gmx.de', 'mail.ru'])('knows %s', (domain) => {
    expect(isFreeProvider(domain)).toBe(true);
  });

  it('keeps disposable domains out, so the two signals stay separate', () => {
    expect(isFreeProvider('mailinator.com')).toBe(false);
    expect(freeProviderSet().size).toBeGreaterThan(3_000);
  });

  it('does not flag a company domain', () => {
    expect(isFreeProvider('acme-industries.example')).toBe(false);
  });
});

describe('role local parts', () => {
  it.each(['info', 'Support', 'sales', 'admin', 'postmaster', 'noreply', 'sales+eu', 'support-team'])(
    'treats %s as a role',
    (local) => {
      expect(isRoleLocalPart(local)).toBe(true);
    },
  );

  it.each(['john', 'jane.doe', 'j.smith', 'maria-luisa'])('treats %s as a person', (local) => {
    expect(isRoleLocalPart(local)).toBe(false);
  });
});
