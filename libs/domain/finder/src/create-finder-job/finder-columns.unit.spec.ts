import type { UploadInspection } from '@lib/jobs';
import { chooseFinderColumns } from './finder-columns';
import { contactOf } from './finder-job-plan';

function inspection(sample: string[][]): UploadInspection {
  return {
    sizeBytes: 100,
    hasBom: false,
    delimiter: ',',
    records: sample.length,
    columnCount: Math.max(...sample.map((row) => row.length)),
    sample,
  };
}

describe('finder job columns', () => {
  describe('when the header has a whole-name column and no first-name column', () => {
    const upload = inspection([
      ['name', 'domain'],
      ['Jane Doe', 'acme.io'],
      ['Dr. Anna van der Berg', 'initech.com'],
    ]);

    it('reports the whole-name column as chosen by the header', () => {
      expect(chooseFinderColumns(upload, {})).toEqual({
        hasHeader: true,
        columns: {
          firstName: null,
          lastName: null,
          fullName: 0,
          domain: 1,
          domainSource: 'domain',
          chosenBy: 'header',
        },
      });
    });

    it("hands each row's whole name to the finder as firstName with no last name", () => {
      const { columns } = chooseFinderColumns(upload, {});
      expect(contactOf(['Jane Doe', 'acme.io'], columns)).toEqual({
        firstName: 'Jane Doe',
        lastName: null,
        domain: 'acme.io',
      });
      expect(contactOf(['', 'acme.io'], columns)).toBeNull();
    });
  });

  it('prefers a first-name column named in the request over a detected whole-name column', () => {
    const upload = inspection([
      ['who', 'name', 'domain'],
      ['Jane', 'Jane Doe', 'acme.io'],
    ]);
    expect(chooseFinderColumns(upload, { firstName: 'who' }).columns).toMatchObject({
      firstName: 0,
      fullName: null,
      chosenBy: 'request',
    });
  });

  it('keeps reading first and last name columns as before', () => {
    const upload = inspection([
      ['First Name', 'Name', 'Last Name', 'domain'],
      ['Jane', 'Jane Doe', 'Doe', 'acme.io'],
    ]);
    expect(chooseFinderColumns(upload, {}).columns).toEqual({
      firstName: 0,
      lastName: 2,
      fullName: null,
      domain: 3,
      domainSource: 'domain',
      chosenBy: 'header',
    });
  });

  describe('when the file has a last-name column and no first-name or whole-name column', () => {
    const upload = inspection([
      ['surname', 'website'],
      ['Müller', 'https://acme.de'],
      ['Doe', 'initech.com'],
    ]);

    it('accepts it: a contact needs a domain and at least one name', () => {
      expect(chooseFinderColumns(upload, {})).toEqual({
        hasHeader: true,
        columns: { firstName: null, lastName: 0, fullName: null, domain: 1, domainSource: 'url', chosenBy: 'header' },
      });
    });

    it('hands each row to the finder with the last name alone, and drops a row without one', () => {
      const { columns } = chooseFinderColumns(upload, {});
      expect(contactOf(['Müller', 'https://acme.de'], columns)).toEqual({
        firstName: null,
        lastName: 'Müller',
        domain: 'acme.de',
      });
      expect(contactOf(['', 'https://acme.de'], columns)).toBeNull();
      expect(contactOf(['Jr.', 'https://acme.de'], columns)).toBeNull();
    });

    it('accepts a last-name column named in the request', () => {
      const named = inspection([
        ['Doe', 'acme.io'],
        ['Roe', 'initech.com'],
      ]);
      expect(chooseFinderColumns(named, { lastName: '0', domain: '1' })).toMatchObject({
        hasHeader: false,
        columns: { firstName: null, lastName: 0, domain: 1, chosenBy: 'request' },
      });
    });
  });

  it('looks a row up by its last name when its first-name cell is empty', () => {
    const columns = {
      firstName: 0,
      lastName: 1,
      fullName: null,
      domain: 2,
      domainSource: 'domain' as const,
      chosenBy: 'header' as const,
    };
    expect(contactOf(['', 'Doe', 'acme.io'], columns)).toEqual({ firstName: null, lastName: 'Doe', domain: 'acme.io' });
    expect(contactOf(['', '', 'acme.io'], columns)).toBeNull();
    expect(contactOf(['Jane', 'Doe', ''], columns)).toBeNull();
  });

  it('refuses a file with no name column at all', () => {
    expect(() =>
      chooseFinderColumns(
        inspection([
          ['company', 'domain'],
          ['Acme', 'acme.io'],
        ]),
        {},
      ),
    ).toThrow(/at least one name column \(first name, last name or full name\)/);
  });

  it('still reads a job recorded before whole-name columns existed', () => {
    const recorded = {
      firstName: 0,
      lastName: 1,
      domain: 2,
      domainSource: 'domain' as const,
      chosenBy: 'header' as const,
    };
    expect(contactOf(['Jane', 'Doe', 'acme.io'], recorded)).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
      domain: 'acme.io',
    });
  });
});
