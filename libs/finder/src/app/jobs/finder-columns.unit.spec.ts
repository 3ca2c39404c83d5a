import type { UploadInspection } from '@lib/jobs';
import { chooseFinderColumns } from './finder-columns';
import { contactOf } from './finder-job-plan';

function inspection(sample: string[][]): UploadInspection {
  return { sizeBytes: 100, hasBom: false, delimiter: ',', records: sample.length, columnCount: Math.max(...sample.map((row) => row.length)), sample };
}

describe('finder job columns', () => {
  describe('when the header has a whole-name column and no first-name column', () => {
    const upload = inspection([['name', 'domain'], ['Jane Doe', 'acme.io'], ['Dr. Anna van der Berg', 'initech.com']]);

    it('reports the whole-name column as chosen by the header', () => {
      expect(chooseFinderColumns(upload, {})).toEqual({
        hasHeader: true,
        columns: { firstName: null, lastName: null, fullName: 0, domain: 1, domainSource: 'domain', chosenBy: 'header' },
      });
    });

    it('hands each row\'s whole name to the finder as firstName with no last name', () => {
      const { columns } = chooseFinderColumns(upload, {});
      expect(contactOf(['Jane Doe', 'acme.io'], columns)).toEqual({ firstName: 'Jane Doe', lastName: null, domain: 'acme.io' });
      expect(contactOf(['', 'acme.io'], columns)).toBeNull();
    });
  });

  it('prefers a first-name column named in the request over a detected whole-name column', () => {
    const upload = inspection([['who', 'name', 'domain'], ['Jane', 'Jane Doe', 'acme.io']]);
    expect(chooseFinderColumns(upload, { firstName: 'who' }).columns).toMatchObject({ firstName: 0, fullName: null, chosenBy: 'request' });
  });

  it('keeps reading first and last name columns as before', () => {
    const upload = inspection([['First Name', 'Name', 'Last Name', 'domain'], ['Jane', 'Jane Doe', 'Doe', 'acme.io']]);
    expect(chooseFinderColumns(upload, {}).columns).toEqual({ firstName: 0, lastName: 2, fullName: null, domain: 3, domainSource: 'domain', chosenBy: 'header' });
  });

  it('refuses a file with neither a first-name nor a whole-name column', () => {
    expect(() => chooseFinderColumns(inspection([['company', 'domain'], ['Acme', 'acme.io']]), {})).toThrow(/first name \(or full name\)/);
  });

  it('still reads a job recorded before whole-name columns existed', () => {
    const recorded = { firstName: 0, lastName: 1, domain: 2, domainSource: 'domain' as const, chosenBy: 'header' as const };
    expect(contactOf(['Jane', 'Doe', 'acme.io'], recorded)).toEqual({ firstName: 'Jane', lastName: 'Doe', domain: 'acme.io' });
  });
});
