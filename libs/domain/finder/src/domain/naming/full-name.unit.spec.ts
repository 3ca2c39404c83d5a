import { splitFullName } from './full-name';
import { normaliseName, type PersonName } from './normalise-name';

function parsed(firstName: string, lastName?: string | null): PersonName {
  const result = normaliseName(firstName, lastName);
  if (!result.ok) throw new Error(`expected a name, got ${result.rejection.message}`);
  return result.name;
}
const values = (spellings: PersonName['first']) => spellings.map((s) => s.value);

describe('a whole name typed into firstName', () => {
  describe('when lastName is missing', () => {
    it.each([
      ['Jane Doe', ['jane'], ['doe']],
      ['Dr. Anna van der Berg', ['anna'], ['vanderberg', 'berg']],
      ['José Müller', ['jose'], ['muller', 'mueller']],
      ['John Smith Jr.', ['john'], ['smith']],
      ['Mary Jones, PhD', ['mary'], ['jones']],
    ])('reads %s as given %j and family %j', (firstName, first, last) => {
      const name = parsed(firstName);
      expect(values(name.first)).toEqual(first);
      expect(values(name.last)).toEqual(last);
    });

    it('treats null, empty, blank and suffix-only last names alike', () => {
      const expected = parsed('Jane Doe');
      for (const lastName of [null, undefined, '', '   ', 'Jr.'])
        expect(parsed('Jane Doe', lastName)).toEqual(expected);
    });

    it('keeps the second given word as a middle name: Jane Mary Doe', () => {
      const name = parsed('Jane Mary Doe');
      expect(values(name.first)).toEqual(['jane', 'janemary']);
      expect(name.middleInitial).toBe('m');
      expect(values(name.last)).toEqual(['doe']);
    });

    it('reads "Doe, Jane" family name first', () => {
      expect(splitFullName('Doe, Jane')).toEqual({ given: ['jane'], family: ['doe'] });
      expect(splitFullName('van der Berg, Dr. Anna')).toEqual({ given: ['anna'], family: ['van', 'der', 'berg'] });
    });

    it('reads María José as given María and family José: the documented trade-off', () => {
      const name = parsed('María José');
      expect(values(name.first)).toEqual(['maria']);
      expect(values(name.last)).toEqual(['jose']);
    });

    it('names firstName when the part read as the family name cannot be romanised', () => {
      expect(normaliseName('Omar خالد')).toMatchObject({
        ok: false,
        rejection: { reason: 'untransliterable_script', field: 'firstName' },
      });
    });
  });

  describe('when the name is one word once titles and suffixes are gone', () => {
    it.each(['Anna', 'Dr. Anna', 'Anna Jr.', 'Anna (Annie)'])(
      'keeps %s a given name without a family name',
      (firstName) => {
        const name = parsed(firstName);
        expect(values(name.first)).toEqual(['anna']);
        expect(name.last).toEqual([]);
        expect(name.middleInitial).toBeNull();
      },
    );
  });

  describe('when lastName is given', () => {
    it('leaves a two-word firstName as given names, as before', () => {
      const name = parsed('María José', 'García');
      expect(values(name.first)).toEqual(['maria', 'mariajose']);
      expect(values(name.last)).toEqual(['garcia']);
    });
  });
});
