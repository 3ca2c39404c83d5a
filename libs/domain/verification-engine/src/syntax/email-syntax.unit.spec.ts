import { checkSyntax } from './email-syntax';

describe('email syntax', () => {
  it.each([
    'john@example.com',
    'john.doe+tag@example.co.uk',
    "o'brien@example.ie",
    'x_y-z@sub.example.com',
    'user@xn--bcher-kva.example',
    'user@bücher.example',
    'josé@example.es',
  ])('accepts %s', (email) => {
    expect(checkSyntax(email).ok).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['plainaddress', 'missing_at'],
    ['@example.com', 'empty_local_part'],
    ['john..doe@example.com', 'misplaced_dot'],
    ['.john@example.com', 'misplaced_dot'],
    ['john@localhost', 'domain_without_tld'],
    ['john@example.c0m', 'invalid_tld'],
    ['john@-example.com', 'invalid_domain_label'],
    ['"john doe"@example.com', 'whitespace'],
    ['"john"@example.com', 'quoted_local_part_unsupported'],
    ['john@[192.0.2.1]', 'ip_literal_unsupported'],
    [`${'a'.repeat(65)}@example.com`, 'local_part_too_long'],
    ['jo(hn@example.com', 'invalid_local_part_character'],
    [`a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(59)}.com`, 'address_too_long'],
  ])('rejects %j with reason %s', (email, reason) => {
    const result = checkSyntax(email);
    expect(result).toEqual({ ok: false, reason });
  });

  it('lowercases the domain and converts an IDN to punycode, keeping the local part as given', () => {
    expect(checkSyntax('  John.Doe@BÜCHER.Example ')).toEqual({
      ok: true,
      local: 'John.Doe',
      domain: 'xn--bcher-kva.example',
    });
  });
});
