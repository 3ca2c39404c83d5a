import { canonicalEmail, normalizeEmail } from './canonical-email';

describe('canonical email', () => {
  it('drops dots and +tags for Gmail and folds googlemail.com into gmail.com', () => {
    expect(canonicalEmail('John.Doe+news@GoogleMail.com')).toBe('johndoe@gmail.com');
  });

  it('drops +tags but keeps dots for Outlook.com', () => {
    expect(canonicalEmail('john.doe+x@outlook.com')).toBe('john.doe@outlook.com');
  });

  it('only lowercases on domains without known rules', () => {
    expect(canonicalEmail('John.Doe+x@Acme.example')).toBe('john.doe+x@acme.example');
  });

  it('returns null when the syntax is invalid', () => {
    expect(canonicalEmail('not an address')).toBeNull();
  });

  it('never changes what is probed: normalization keeps the local part as given', () => {
    expect(normalizeEmail('John.Doe+news@GMAIL.com')?.normalized).toBe('John.Doe+news@gmail.com');
  });
});
