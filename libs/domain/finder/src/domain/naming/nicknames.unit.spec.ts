import { GIVEN_NAME_FORM_WEIGHTS } from './given-name-variants';
import { NICKNAME_TABLE } from './nickname-table';
import { normaliseName, type PersonName } from './normalise-name';
import { DIGRAPH_SPELLING_WEIGHT } from './transliterate';

function parsed(firstName: string, lastName?: string | null): PersonName {
  const result = normaliseName(firstName, lastName);
  if (!result.ok) throw new Error(`expected a name, got ${result.rejection.message}`);
  return result.name;
}
const values = (spellings: PersonName['first']) => spellings.map((s) => s.value);

describe('nickname alternates of the given name', () => {
  it.each([
    ['Michael', ['mike']],
    ['William', ['will', 'bill']],
    ['Elizabeth', ['liz', 'beth']],
    ['Katherine', ['kate', 'katie']],
    ['Mike', ['michael']],
    ['Bob', ['robert']],
  ])('offers %s the alternates %j', (firstName, nicknames) => {
    expect(values(parsed(firstName, 'Doe').nicknames)).toEqual(nicknames);
  });

  it('tries the commoner formal names of an ambiguous short form, two at most', () => {
    expect(values(parsed('Chris', 'Doe').nicknames)).toEqual(['christopher', 'christine']);
  });

  it('offers nothing for names not in the table', () => {
    for (const firstName of ['John', 'Anna', 'Jürgen', 'Jean-Luc'])
      expect(parsed(firstName, 'Doe').nicknames).toEqual([]);
  });

  it('keeps every own spelling and weighs each alternate below all of them', () => {
    const name = parsed('Michael Jürgen', 'Doe');
    expect(values(name.first)).toEqual(['michael', 'michaeljurgen', 'michaeljuergen']);
    expect(values(name.nicknames)).toEqual(['mike']);
    const leastOwn = Math.min(...name.first.map((s) => s.weight));
    expect(Math.max(...name.nicknames.map((s) => s.weight))).toBeLessThan(leastOwn);
  });

  it('weighs alternates below the least likely own given-name form', () => {
    const leastOwn = GIVEN_NAME_FORM_WEIGHTS.spacedJoined * DIGRAPH_SPELLING_WEIGHT;
    expect(GIVEN_NAME_FORM_WEIGHTS.formalName).toBeLessThan(leastOwn);
    expect(GIVEN_NAME_FORM_WEIGHTS.shortForm).toBeLessThan(leastOwn);
  });

  it('uses the first given name of a whole name typed into firstName', () => {
    const name = parsed('Dr. William Jones');
    expect(values(name.nicknames)).toEqual(['will', 'bill']);
    expect(values(name.last)).toEqual(['jones']);
  });

  describe('the table', () => {
    const formals = NICKNAME_TABLE.map(([formal]) => formal);
    const shorts = NICKNAME_TABLE.flatMap(([, shortForms]) => shortForms);

    it('stays modest: under 120 formal names', () => {
      expect(formals.length).toBeGreaterThanOrEqual(60);
      expect(formals.length).toBeLessThanOrEqual(120);
    });

    it('holds lower-case ASCII names, each formal name once, none also a short form', () => {
      for (const name of [...formals, ...shorts]) expect(name).toMatch(/^[a-z]+$/);
      expect(new Set(formals).size).toBe(formals.length);
      expect(formals.filter((formal) => shorts.includes(formal))).toEqual([]);
    });
  });
});
