import { detectEmailColumn } from './email-column-detection';

const rows = [
  ['1', 'Ann', 'ann@acme.io', 'ann.private@gmail.com'],
  ['2', 'Bob', 'bob@acme.io', ''],
  ['3', 'Cy', 'not given', 'cy@gmail.com'],
];

describe('email column detection', () => {
  it('chooses the column named like an email column and says so', () => {
    expect(detectEmailColumn(['id', 'name', 'Secondary', 'E-Mail'], rows)).toEqual({
      column: 3,
      reason: 'header',
      headerName: 'E-Mail',
    });
  });

  it('recognises localised and compound header names', () => {
    for (const name of ['courriel', 'Correo electrónico', 'email_address', 'Work Email', 'mail']) {
      expect(detectEmailColumn(['id', name], [['1', 'a@x.io']])).toMatchObject({ column: 1, reason: 'header' });
    }
  });

  it('prefers an exact email name over one that merely contains it', () => {
    expect(detectEmailColumn(['Email Opt-in', 'Email'], [['yes', 'a@x.io']])?.column).toBe(1);
  });

  it('chooses by values when no header names an email column', () => {
    expect(detectEmailColumn(['id', 'name', 'work', 'home'], rows)).toEqual({ column: 2, reason: 'values' });
  });

  it('chooses by values for a file without a header', () => {
    expect(detectEmailColumn(undefined, rows)).toEqual({ column: 2, reason: 'values' });
  });

  it('overrides an email-named column without addresses when another column is mostly addresses', () => {
    expect(
      detectEmailColumn(
        ['email', 'contact'],
        [
          ['yes', 'a@x.io'],
          ['no', 'b@x.io'],
        ],
      ),
    ).toEqual({ column: 1, reason: 'values' });
  });

  it('finds nothing when no column looks like addresses', () => {
    expect(
      detectEmailColumn(
        ['id', 'name'],
        [
          ['1', 'Ann'],
          ['2', 'Bob'],
        ],
      ),
    ).toBeUndefined();
  });
});
