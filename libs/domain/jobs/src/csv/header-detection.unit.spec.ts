import { detectHeader } from './header-detection';

describe('header detection', () => {
  it('says data when the first row holds an address', () => {
    expect(
      detectHeader([
        ['a@x.io', 'Ann'],
        ['b@x.io', 'Bob'],
      ]),
    ).toEqual({ hasHeader: false, reason: 'email_in_first_row' });
  });

  it('says header for known column names in any language or spelling', () => {
    for (const name of ['E-mail', 'Courriel', 'First Name', 'prénom', 'Company Domain']) {
      expect(
        detectHeader([
          ['x', name],
          ['1', 'a@x.io'],
        ]).hasHeader,
      ).toBe(true);
    }
  });

  it('says header for a whole-name column next to a domain the header does not name', () => {
    for (const name of ['Name', 'Full Name', 'Contact', 'Person']) {
      expect(
        detectHeader([
          [name, 'Firma'],
          ['Jane Doe', 'acme.io'],
        ]),
      ).toEqual({ hasHeader: true, reason: 'known_column_name' });
    }
  });

  it('says header when the column below is mostly addresses and its first cell is not', () => {
    expect(
      detectHeader([
        ['Kontakt', 'Wer'],
        ['a@x.io', 'Ann'],
        ['b@x.io', 'Bob'],
      ]),
    ).toEqual({ hasHeader: true, reason: 'emails_below' });
  });

  it('says header when a column below is numeric and its first cell is a word', () => {
    expect(
      detectHeader([
        ['Kontakt', 'Punkte'],
        ['Ann', '12'],
        ['Bob', '7'],
      ]),
    ).toEqual({ hasHeader: true, reason: 'numbers_below' });
  });

  it('says data when nothing distinguishes the first row', () => {
    expect(
      detectHeader([
        ['Ann', 'Paris'],
        ['Bob', 'Rome'],
      ]),
    ).toEqual({ hasHeader: false, reason: 'no_evidence' });
  });

  it('says no header for an empty file', () => {
    expect(detectHeader([]).hasHeader).toBe(false);
  });
});
