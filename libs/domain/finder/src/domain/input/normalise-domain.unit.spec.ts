import { normaliseDomain } from './normalise-domain';
import { FinderInputError, validateFinderInput } from './finder-input';

const domainOf = (raw: string) => {
  const result = normaliseDomain(raw);
  return result.ok ? result.domain : `rejected: ${result.message}`;
};

describe('domain normalisation', () => {
  it.each([
    ['Acme.COM', 'acme.com'],
    ['  acme.com.  ', 'acme.com'],
    ['https://www.acme.com/about?x=1', 'acme.com'],
    ['http://WWW.Acme.co.uk:8080', 'acme.co.uk'],
    ['www.acme.com', 'acme.com'],
    ['jane@acme.com', 'acme.com'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['www.com', 'www.com'],
  ])('normalises %s to %s', (raw, expected) => {
    expect(domainOf(raw)).toBe(expected);
  });

  it.each(['', 'localhost', 'acme..com', '-acme.com', 'ac me.com', '10.0.0.1', 'a_b.com', `${'a'.repeat(64)}.com`])(
    'rejects %j',
    (raw) => {
      expect(normaliseDomain(raw).ok).toBe(false);
    },
  );
});

describe('finder input validation', () => {
  it('returns trimmed names and the normalised domain', () => {
    expect(validateFinderInput({ firstName: ' Ann ', lastName: null, domain: 'https://Acme.com/' })).toEqual({
      firstName: 'Ann',
      lastName: null,
      domain: 'acme.com',
    });
  });

  it.each([
    [{ firstName: '', domain: 'acme.com' }, 'firstName'],
    [{ firstName: '123', domain: 'acme.com' }, 'firstName'],
    [{ firstName: 'Ann', lastName: 'x'.repeat(201), domain: 'acme.com' }, 'lastName'],
    [{ firstName: 'Ann', domain: 'not a domain' }, 'domain'],
    [{ firstName: 'An\u0000n', domain: 'acme.com' }, 'firstName'],
    [{ firstName: 'Ann', lastName: 'Lee\nSmith', domain: 'acme.com' }, 'lastName'],
  ])('names the bad field of %j', (input, field) => {
    expect(() => validateFinderInput(input)).toThrow(FinderInputError);
    try {
      validateFinderInput(input);
    } catch (error) {
      expect((error as FinderInputError).field).toBe(field);
    }
  });
});
