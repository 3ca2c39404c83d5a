import { FinderInputError, validateFinderInput, type FinderInput } from './finder-input';

function refusal(input: Record<string, unknown>): { field: string; message: string } {
  try {
    validateFinderInput(input as unknown as FinderInput);
  } catch (error) {
    if (error instanceof FinderInputError) return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('finder input', () => {
  describe('a contact with a domain and at least one name', () => {
    it('accepts both names', () => {
      expect(
        validateFinderInput({ firstName: ' Jane ', lastName: 'Doe', domain: 'https://www.Acme.com/team' }),
      ).toEqual({ firstName: 'Jane', lastName: 'Doe', domain: 'acme.com' });
    });

    it('accepts a first name alone', () => {
      expect(validateFinderInput({ firstName: 'Jane', domain: 'acme.com' })).toEqual({
        firstName: 'Jane',
        lastName: null,
        domain: 'acme.com',
      });
    });

    it.each([[undefined], [null], [''], ['   ']])('accepts a last name alone (firstName %p)', (firstName) => {
      expect(validateFinderInput({ firstName, lastName: 'Doe', domain: 'acme.com' } as FinderInput)).toEqual({
        firstName: null,
        lastName: 'Doe',
        domain: 'acme.com',
      });
    });

    it('accepts a last name in a script with no romanisation (the finder answers it untransliterable_name)', () => {
      expect(validateFinderInput({ lastName: '李', domain: 'acme.com' })).toEqual({
        firstName: null,
        lastName: '李',
        domain: 'acme.com',
      });
    });
  });

  describe('refusals', () => {
    it.each([[{}], [{ firstName: null, lastName: null }], [{ firstName: ' ', lastName: '' }]])(
      'refuses a contact with no name at all: %p',
      (names) => {
        expect(refusal({ ...names, domain: 'acme.com' })).toEqual({
          field: 'firstName',
          message: 'firstName or lastName is required: a contact needs a domain and at least one name',
        });
      },
    );

    it('refuses a last name that holds only a suffix when there is no first name, naming lastName', () => {
      expect(refusal({ lastName: 'Jr.', domain: 'acme.com' })).toMatchObject({ field: 'lastName' });
    });

    it('refuses a first name that holds no usable word even with a last name', () => {
      expect(refusal({ firstName: '(Bob)', lastName: 'Smith', domain: 'acme.com' })).toEqual({
        field: 'firstName',
        message: 'firstName has no letters',
      });
    });

    it('refuses a missing or unusable domain with either name alone', () => {
      expect(refusal({ lastName: 'Doe' })).toEqual({ field: 'domain', message: 'domain is required' });
      expect(refusal({ firstName: 'Jane', domain: 'not a domain' })).toMatchObject({ field: 'domain' });
      expect(refusal({ lastName: 'Doe', domain: 'acme.test>\r\nRCPT TO:<x@other.test>' })).toEqual({
        field: 'domain',
        message: 'domain contains control characters',
      });
    });

    it('refuses a name of the wrong type or with control characters, naming the field', () => {
      expect(refusal({ lastName: 42, domain: 'acme.com' })).toEqual({
        field: 'lastName',
        message: 'lastName must be a string',
      });
      expect(refusal({ lastName: 'Doe\u0000', domain: 'acme.com' })).toEqual({
        field: 'lastName',
        message: 'lastName contains control characters',
      });
      expect(refusal({ lastName: '12345', domain: 'acme.com' })).toEqual({
        field: 'lastName',
        message: 'lastName has no letters',
      });
    });
  });
});
