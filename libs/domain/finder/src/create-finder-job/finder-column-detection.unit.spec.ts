import { detectFinderColumns, domainFromCell } from './finder-column-detection';

describe('finder column detection', () => {
  it('finds first name, last name and domain by common header spellings', () => {
    expect(detectFinderColumns(['First Name', 'surname', 'Company Domain'], [])).toEqual({
      firstName: { column: 0, reason: 'header', headerName: 'First Name' },
      lastName: { column: 1, reason: 'header', headerName: 'surname' },
      domain: { column: 2, reason: 'header', headerName: 'Company Domain', source: 'domain' },
    });
  });

  it('accepts snake_case, localised and prefixed names', () => {
    const found = detectFinderColumns(['id', 'prénom', 'family_name', 'Contact Website'], []);
    expect([found.firstName?.column, found.lastName?.column, found.domain]).toEqual([
      1,
      2,
      { column: 3, reason: 'header', headerName: 'Contact Website', source: 'url' },
    ]);
  });

  it('prefers a domain column over a website column', () => {
    expect(detectFinderColumns(['firstname', 'website', 'domain'], []).domain?.column).toBe(2);
  });

  it('finds the domain column by its values when the header does not name it', () => {
    const rows = [
      ['Ann', 'Lee', 'https://acme.io/about'],
      ['Bob', 'Ray', 'www.initech.com'],
    ];
    expect(detectFinderColumns(['given name', 'last name', 'Firma'], rows).domain).toEqual({
      column: 2,
      reason: 'values',
      source: 'url',
    });
  });

  it('falls back to the domain of an email column', () => {
    const rows = [['Ann', 'Lee', 'old@acme.io']];
    expect(detectFinderColumns(['first', 'last', 'Work Email'], rows).domain).toEqual({
      column: 2,
      reason: 'header',
      headerName: 'Work Email',
      source: 'email',
    });
  });

  it('leaves out what it cannot find', () => {
    expect(detectFinderColumns(['Notes', 'City'], [['met at fair', 'Paris']])).toEqual({});
  });

  describe('without a first-name column', () => {
    it.each(['name', 'Full Name', 'fullname', 'Contact Name', 'contact', 'Person', 'full_name', 'Lead Full Name'])(
      'takes a whole-name column headed %s',
      (headerName) => {
        expect(detectFinderColumns([headerName, 'domain'], [['Jane Doe', 'acme.io']])).toEqual({
          fullName: { column: 0, reason: 'header', headerName },
          domain: { column: 1, reason: 'header', headerName: 'domain', source: 'domain' },
        });
      },
    );

    it('prefers an exact whole-name header over one that merely contains it', () => {
      expect(detectFinderColumns(['Contact Full Name', 'Name', 'domain'], []).fullName?.column).toBe(1);
    });

    it('skips a contact column that holds addresses, and reads the domain from it', () => {
      const rows = [
        ['jane@acme.io', 'Jane Doe'],
        ['bob@initech.com', 'Bob Ray'],
      ];
      expect(detectFinderColumns(['contact', 'person'], rows)).toEqual({
        fullName: { column: 1, reason: 'header', headerName: 'person' },
        domain: { column: 0, reason: 'values', source: 'email' },
      });
    });

    it('keeps a last-name column next to it', () => {
      const found = detectFinderColumns(['Name', 'Surname', 'Website'], []);
      expect([found.fullName?.column, found.lastName?.column, found.domain?.column]).toEqual([0, 1, 2]);
    });

    it('does not take a company name for a person', () => {
      expect(detectFinderColumns(['Company Name', 'domain'], []).fullName).toBeUndefined();
    });
  });

  it('ignores a whole-name column when a first-name column exists', () => {
    expect(detectFinderColumns(['Name', 'First Name', 'domain'], []).fullName).toBeUndefined();
  });
});

describe('domain from a cell', () => {
  it.each([
    ['acme.io', 'domain', 'acme.io'],
    [' https://www.Acme.io:8443/about?x=1 ', 'url', 'acme.io'],
    ['http://user@sub.acme.co.uk/', 'url', 'sub.acme.co.uk'],
    ['Jo@Acme.IO', 'email', 'acme.io'],
    ['münchen.de', 'domain', 'münchen.de'],
    ['n/a', 'url', undefined],
    ['no-at-sign', 'email', undefined],
  ] as const)('%s as %s gives %s', (cell, source, expected) => {
    expect(domainFromCell(cell, source)).toBe(expected);
  });
});
