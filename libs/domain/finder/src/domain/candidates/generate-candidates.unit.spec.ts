import { normaliseName, type PersonName } from '../naming/normalise-name';
import { COMMON_PATTERNS, EMAIL_PATTERNS, rendersWith } from './email-patterns';
import { DEFAULT_MAX_CANDIDATES, generateCandidates, MAX_NICKNAME_CANDIDATES } from './generate-candidates';

function person(firstName: string | null, lastName?: string | null): PersonName {
  const result = normaliseName(firstName, lastName);
  if (!result.ok) throw new Error(result.rejection.message);
  return result.name;
}
const localParts = (name: PersonName, options = {}) => generateCandidates(name, options).map((c) => c.localPart);

describe('candidate generation', () => {
  it('orders the common formats by their documented share for John Smith', () => {
    expect(localParts(person('John', 'Smith'))).toEqual([
      'john.smith',
      'jsmith',
      'john',
      'johns',
      'johnsmith',
      'smith.john',
      'john_smith',
      'j.smith',
      'smithj',
      'smith',
      'john-smith',
      'john.s',
      'smithjohn',
      'j_smith',
      'smith_john',
      'smith.j',
    ]);
  });

  it('labels each candidate with its pattern and a prior equal to the pattern share', () => {
    const [top, second] = generateCandidates(person('John', 'Smith'));
    expect(top).toEqual({ localPart: 'john.smith', pattern: 'first.last', prior: 0.361 });
    expect(second).toMatchObject({ localPart: 'jsmith', pattern: 'flast' });
  });

  it('uses only patterns that need no last name when there is none', () => {
    const candidates = generateCandidates(person('Jean-Luc'));
    expect(candidates.map((c) => c.localPart)).toEqual(['jeanluc', 'jean', 'jean-luc']);
    expect(candidates.every((c) => rendersWith(c.pattern, { first: true, last: false }))).toBe(true);
  });

  describe('with a last name only', () => {
    it('renders the one format that needs no given name, last@, with its documented share as prior', () => {
      expect(generateCandidates(person(null, 'Smith'))).toEqual([
        { localPart: 'smith', pattern: 'last', prior: expect.closeTo(0.013, 6) },
      ]);
    });

    it('tries each surname spelling in that format, likeliest first', () => {
      expect(localParts(person(null, 'Müller'))).toEqual(['muller', 'mueller']);
      expect(localParts(person(null, 'van der Berg'))).toEqual(['vanderberg', 'berg']);
      expect(localParts(person(null, 'Smith-Jones'))).toEqual(['smithjones', 'smith', 'smith-jones']);
    });

    it('uses no format that holds a given name or its initial', () => {
      const renderable = EMAIL_PATTERNS.filter((p) => rendersWith(p.name, { first: false, last: true })).map(
        (p) => p.name,
      );
      expect(renderable).toEqual(['last']);
      expect(generateCandidates(person(null, 'Kennedy'), { max: 100 }).every((c) => c.pattern === 'last')).toBe(true);
    });

    it('ranks last@ as high as the domain evidence for it, no higher', () => {
      const formats = [{ pattern: 'last' as const, strength: 0.75, support: 3 }];
      expect(generateCandidates(person(null, 'Smith'), { formats })[0].prior).toBeCloseTo(0.75 + 0.25 * 0.013, 6);
      const againstIt = [{ pattern: 'first.last' as const, strength: 0.9, support: 9 }];
      expect(generateCandidates(person(null, 'Smith'), { formats: againstIt })[0].prior).toBeCloseTo(0.1 * 0.013, 6);
    });
  });

  it('interleaves alternative spellings by likelihood: mueller after muller in the same pattern', () => {
    const parts = localParts(person('Jürgen', 'Müller'));
    expect(parts.slice(0, 4)).toEqual(['jurgen.muller', 'jmuller', 'juergen.mueller', 'jmueller']);
  });

  it('never mixes the two spelling conventions within one address', () => {
    const parts = localParts(person('Jürgen', 'Müller'), { max: 100 });
    expect(parts).not.toContain('jurgen.mueller');
    expect(parts).not.toContain('juergen.muller');
  });

  it('tries the particle surname with and without the particle', () => {
    const parts = localParts(person('Jan', 'van der Berg'));
    expect(parts).toEqual(expect.arrayContaining(['jan.vanderberg', 'jvanderberg', 'jan.berg', 'jberg']));
    expect(parts.indexOf('jan.vanderberg')).toBeLessThan(parts.indexOf('jan.berg'));
  });

  it('keeps one candidate per local part, with the likelier reading', () => {
    // flast of "jeanluc" and of "jean" are both jpicard.
    const candidates = generateCandidates(person('Jean-Luc', 'Picard'), { max: 50 });
    const parts = candidates.map((c) => c.localPart);
    expect(new Set(parts).size).toBe(parts.length);
    expect(candidates.find((c) => c.localPart === 'jpicard')?.prior).toBeCloseTo(0.337);
  });

  it('caps the list, 16 by default', () => {
    const name = person('María José', 'García López');
    expect(generateCandidates(name)).toHaveLength(DEFAULT_MAX_CANDIDATES);
    expect(DEFAULT_MAX_CANDIDATES).toBe(16);
    expect(generateCandidates(name, { max: 3 })).toHaveLength(3);
  });

  it('adds the middle-initial patterns only for a person with a middle name', () => {
    const all = { max: 100 };
    expect(localParts(person('John F.', 'Kennedy'), all)).toEqual(
      expect.arrayContaining(['jfkennedy', 'john.f.kennedy']),
    );
    expect(localParts(person('John', 'Kennedy'), all).some((p) => p.includes('jf'))).toBe(false);
  });

  it('produces only dot-atom-safe local parts', () => {
    for (const [first, last] of [
      ['Jean-Luc', 'Smith-Jones'],
      ['Ludwig van', 'Beethoven'],
      ["D'Arcy", "O'Neil"],
    ]) {
      for (const part of localParts(person(first, last), { max: 100 }))
        expect(part).toMatch(/^[a-z0-9]+([._-][a-z0-9]+)*$/);
    }
  });

  it('puts the domain format first when evidence supports it', () => {
    const formats = [{ pattern: 'last.first' as const, strength: 0.75, support: 3 }];
    const candidates = generateCandidates(person('John', 'Smith'), { formats });
    expect(candidates[0]).toMatchObject({ localPart: 'smith.john', pattern: 'last.first' });
    expect(candidates[0].prior).toBeGreaterThan(0.75);
    expect(candidates[1].prior).toBeLessThan(0.361);
  });

  describe("within the default cap of 16 (two sessions of the engine's error budget)", () => {
    it.each([
      ['Monica', 'Hall'],
      ['John', 'Smith'],
      ['Richard', 'Hendricks'],
      ['Robert', 'Paulson'],
    ])('renders every common format with the own spelling of %s %s, nicknames included', (first, last) => {
      const name = person(first, last);
      const own = new Set(localParts({ ...name, nicknames: [] }, { max: 100 }));
      const patterns = generateCandidates(name)
        .filter((candidate) => own.has(candidate.localPart))
        .map((c) => c.pattern);
      expect(patterns).toEqual(expect.arrayContaining([...COMMON_PATTERNS]));
    });

    it('puts the learned format first, even a rare one: r.hendricks for Richard Hendricks at an f.last domain', () => {
      const formats = [{ pattern: 'f.last' as const, strength: 0.5, support: 1 }];
      const [top, second] = generateCandidates(person('Richard', 'Hendricks'), { formats });
      expect(top).toMatchObject({ localPart: 'r.hendricks', pattern: 'f.last' });
      expect(top.prior).toBeGreaterThan(0.5);
      expect(second.prior).toBeLessThan(0.2);
    });
  });

  it('documents a prior for every pattern, sourced rows ahead of estimates', () => {
    expect(COMMON_PATTERNS.every((name) => EMAIL_PATTERNS.some((p) => p.name === name))).toBe(true);
    const shares = EMAIL_PATTERNS.map((p) => p.share);
    expect([...shares].sort((a, b) => b - a)).toEqual(shares);
  });

  describe('with nickname alternates', () => {
    const withoutNicknames = (name: PersonName) => localParts({ ...name, nicknames: [] }, { max: 100 });

    it('tries mike.doe for Michael Doe after the likeliest own formats', () => {
      const parts = localParts(person('Michael', 'Doe'));
      expect(parts.slice(0, 4)).toEqual(['michael.doe', 'mdoe', 'michael', 'mike.doe']);
    });

    it('tries michael.doe for Mike Doe', () => {
      expect(localParts(person('Mike', 'Doe')).indexOf('michael.doe')).toBe(3);
    });

    it.each([
      ['William', 'Doe'],
      ['Chris', 'Doe'],
      ['Elizabeth', 'van der Berg'],
      ['Mike', null],
    ])('adds at most two nickname addresses for %s %s and keeps the cap', (first, last) => {
      const name = person(first, last);
      const own = new Set(withoutNicknames(name));
      const parts = localParts(name);
      expect(parts.length).toBeLessThanOrEqual(DEFAULT_MAX_CANDIDATES);
      expect(parts.filter((part) => !own.has(part)).length).toBeLessThanOrEqual(MAX_NICKNAME_CANDIDATES);
    });

    it('ranks a nickname address after the own spelling in the same format', () => {
      const name = person('William', 'Doe');
      const own = new Set(withoutNicknames(name));
      const candidates = generateCandidates(name);
      candidates.forEach((candidate, index) => {
        if (own.has(candidate.localPart)) return;
        const ownSameFormat = candidates.findIndex((c) => c.pattern === candidate.pattern && own.has(c.localPart));
        expect(ownSameFormat).toBeGreaterThanOrEqual(0);
        expect(ownSameFormat).toBeLessThan(index);
      });
    });

    it('changes nothing for a name without nicknames', () => {
      const name = person('Anna', 'Schmidt');
      expect(name.nicknames).toEqual([]);
      expect(localParts(name, { max: 100 })).toEqual(withoutNicknames(name));
    });
  });
});
