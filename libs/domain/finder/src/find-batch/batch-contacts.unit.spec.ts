import { readBatchContacts } from './batch-contacts';

describe('batch contacts', () => {
  it('reads snake_case keys as the camelCase fields', () => {
    const [contact] = readBatchContacts([{ first_name: 'Jane', last_name: 'Doe', domain: 'acme.test' }]);
    expect(contact).toMatchObject({
      index: 0,
      input: { firstName: 'Jane', lastName: 'Doe', domain: 'acme.test' },
      valid: { firstName: 'Jane', lastName: 'Doe', domain: 'acme.test' },
    });
  });

  it('prefers the camelCase key when both are sent', () => {
    const [contact] = readBatchContacts([{ firstName: 'Jane', first_name: 'Joan', domain: 'acme.test' }]);
    expect(contact.input.firstName).toBe('Jane');
  });

  it('turns a contact without a domain into a per-item error naming the field', () => {
    const [contact] = readBatchContacts([{ firstName: 'Jane' }]);
    expect(contact).toMatchObject({ error: { code: 5001, message: expect.stringMatching(/^domain:/) } });
  });

  it('accepts a contact with a last name alone, in either key style', () => {
    const [camel, snake] = readBatchContacts([
      { lastName: 'Doe', domain: 'acme.test' },
      { first_name: null, last_name: 'Doe', domain: 'acme.test' },
    ]);
    expect(camel).toMatchObject({
      input: { firstName: null, lastName: 'Doe', domain: 'acme.test' },
      valid: { firstName: null, lastName: 'Doe', domain: 'acme.test' },
    });
    expect((snake as { key: string }).key).toBe((camel as { key: string }).key);
  });

  it('turns a contact with no name into a per-item error saying at least one is needed', () => {
    const [contact] = readBatchContacts([{ firstName: '', lastName: null, domain: 'acme.test' }]);
    expect(contact).toMatchObject({
      error: {
        code: 5001,
        message: 'firstName: firstName or lastName is required: a contact needs a domain and at least one name',
      },
    });
  });

  it('turns a non-object into a per-item error without touching the others', () => {
    const contacts = readBatchContacts([42, { firstName: 'Jane', domain: 'acme.test' }]);
    expect('error' in contacts[0]).toBe(true);
    expect('valid' in contacts[1]).toBe(true);
  });

  it('gives the same key to the same person however the name is cased or the domain written', () => {
    const [a, b] = readBatchContacts([
      { firstName: 'José', lastName: 'van der Berg', domain: 'acme.test' },
      { firstName: 'JOSÉ ', lastName: 'Van  der Berg', domain: 'https://www.ACME.test/' },
    ]);
    expect((a as { key: string }).key).toBe((b as { key: string }).key);
  });

  it('gives the same key when the whole name is typed into firstName or a title is added', () => {
    const keys = readBatchContacts([
      { firstName: 'Jane', lastName: 'Doe', domain: 'acme.test' },
      { firstName: 'Jane Doe', domain: 'acme.test' },
      { firstName: 'Dr. Jane', lastName: 'Doe', domain: 'acme.test' },
    ]).map((c) => (c as { key: string }).key);
    expect(new Set(keys).size).toBe(1);
  });

  it('keeps different people apart: another surname, another middle initial, another domain', () => {
    const keys = readBatchContacts([
      { firstName: 'Jane', lastName: 'Doe', domain: 'acme.test' },
      { firstName: 'Jane', lastName: 'Dow', domain: 'acme.test' },
      { firstName: 'Jane Q.', lastName: 'Doe', domain: 'acme.test' },
      { firstName: 'Jane', lastName: 'Doe', domain: 'other.test' },
      { firstName: 'Jane', domain: 'acme.test' },
      { lastName: 'Doe', domain: 'acme.test' },
      { firstName: 'Doe', domain: 'acme.test' },
    ]).map((c) => (c as { key: string }).key);
    expect(new Set(keys).size).toBe(7);
  });
});
