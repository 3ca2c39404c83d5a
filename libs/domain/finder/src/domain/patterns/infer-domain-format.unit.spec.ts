import { inferDomainFormats } from './infer-domain-format';
import { patternBelief } from './domain-format';

const at = (email: string, firstName: string | null, lastName: string | null = null) => ({
  email,
  firstName,
  lastName,
});

describe('domain format inference', () => {
  it('infers f.last from two addresses that fit it', () => {
    const formats = inferDomainFormats('acme.com', [
      at('a.smith@acme.com', 'Alice', 'Smith'),
      at('b.jones@acme.com', 'Bob', 'Jones'),
    ]);
    expect(formats).toEqual([{ pattern: 'f.last', strength: 2 / 3, support: 2 }]);
  });

  it('grows the strength with the number of agreeing addresses but never to certainty', () => {
    const names = [
      ['Ann', 'Lee'],
      ['Bob', 'Ray'],
      ['Cid', 'Moe'],
      ['Dan', 'Poe'],
      ['Eve', 'Fox'],
      ['Fay', 'Orr'],
      ['Gus', 'Tam'],
      ['Hal', 'Ito'],
      ['Ida', 'Ng'],
    ];
    const known = names.map(([first, last]) => at(`${first}.${last}@acme.com`.toLowerCase(), first, last));
    expect(inferDomainFormats('acme.com', known.slice(0, 1))[0].strength).toBeCloseTo(0.5);
    expect(inferDomainFormats('acme.com', known.slice(0, 3))[0].strength).toBeCloseTo(0.75);
    expect(inferDomainFormats('acme.com', known)[0].strength).toBeCloseTo(0.9);
  });

  it('learns last@ from an address found for a last name alone', () => {
    expect(inferDomainFormats('acme.com', [at('doe@acme.com', null, 'Doe')])).toEqual([
      { pattern: 'last', strength: 0.5, support: 1 },
    ]);
  });

  it('splits the vote of an address that fits several patterns', () => {
    const formats = inferDomainFormats('acme.com', [at('jsmith@acme.com', 'J', 'Smith')]);
    // j + smith: flast ("jsmith") and firstlast ("jsmith") are the same address here.
    expect(formats.map((f) => f.pattern).sort()).toEqual(['firstlast', 'flast']);
    expect(formats[0].strength).toBeCloseTo(0.25);
  });

  it('counts an address that fits no pattern as evidence against the others', () => {
    const formats = inferDomainFormats('acme.com', [
      at('john.smith@acme.com', 'John', 'Smith'),
      at('sales@acme.com', 'Mary', 'Major'),
    ]);
    expect(formats).toEqual([{ pattern: 'first.last', strength: 1 / 3, support: 1 }]);
  });

  it('recognises the digraph spelling and ignores sub-address tags and case', () => {
    const formats = inferDomainFormats('acme.de', [at('Juergen.Mueller+news@ACME.de', 'Jürgen', 'Müller')]);
    expect(formats[0]).toMatchObject({ pattern: 'first.last', support: 1 });
  });

  it('counts a nickname address as the format it fits: mike.doe for Michael Doe is first.last', () => {
    const formats = inferDomainFormats('acme.com', [at('mike.doe@acme.com', 'Michael', 'Doe')]);
    expect(formats).toEqual([{ pattern: 'first.last', strength: 0.5, support: 1 }]);
  });

  it("reads the owner's whole name from firstName when lastName is missing", () => {
    const formats = inferDomainFormats('acme.com', [at('jdoe@acme.com', 'Jane Doe', null)]);
    expect(formats[0]).toMatchObject({ pattern: 'flast', support: 1 });
  });

  it('ignores addresses on other domains, duplicates and untransliterable names', () => {
    const formats = inferDomainFormats('acme.com', [
      at('jsmith@other.com', 'John', 'Smith'),
      at('john.smith@acme.com', 'John', 'Smith'),
      at('john.smith@acme.com', 'John', 'Smith'),
      at('li@acme.com', '李', null),
    ]);
    expect(formats).toEqual([{ pattern: 'first.last', strength: 0.5, support: 1 }]);
  });

  it('returns no formats without evidence', () => {
    expect(inferDomainFormats('acme.com', [])).toEqual([]);
  });
});

describe('pattern belief', () => {
  it('is the documented share when there is no evidence', () => {
    expect(patternBelief('first.last', [])).toBeCloseTo(0.361);
  });

  it('moves towards the evidenced pattern and away from the others', () => {
    const formats = [{ pattern: 'flast' as const, strength: 0.75, support: 3 }];
    expect(patternBelief('flast', formats)).toBeCloseTo(0.75 + 0.25 * 0.337);
    expect(patternBelief('first.last', formats)).toBeCloseTo(0.25 * 0.361);
  });
});
