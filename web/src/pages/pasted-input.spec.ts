import { parseContacts } from './FinderPage';
import { splitAddresses } from './VerifyPage';

describe('pasted input', () => {
  it('splits addresses on lines, commas and semicolons, ignoring blanks', () => {
    expect(splitAddresses(' a@x.test\n\nb@x.test, c@x.test;d@x.test \n')).toEqual([
      'a@x.test',
      'b@x.test',
      'c@x.test',
      'd@x.test',
    ]);
  });

  it('reads finder lines as name and domain, reporting lines it cannot use', () => {
    expect(
      parseContacts(
        'Ada Lovelace, engines.test\nGrace, Hopper, navy.test\nno domain here\nJosé María López, acme.test',
      ),
    ).toEqual({
      contacts: [
        { firstName: 'Ada', lastName: 'Lovelace', domain: 'engines.test' },
        { firstName: 'Grace', lastName: 'Hopper', domain: 'navy.test' },
        { firstName: 'José', lastName: 'María López', domain: 'acme.test' },
      ],
      bad: [3],
    });
  });
});
