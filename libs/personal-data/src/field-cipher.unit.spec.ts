import { randomBytes } from 'node:crypto';
import { openWith, sealedKeyId, sealWith } from './field-cipher';

const key = { scope: 'job:1', keyId: 'aaaaaaaaaaaaaaaa', key: randomBytes(32) };

describe('field cipher', () => {
  it('opens what it sealed, and hides the value', () => {
    const sealed = sealWith(key, { email: 'ada@example.com', names: ['Ada'] }, 'event-1');
    expect(sealed.startsWith('pd1.aaaaaaaaaaaaaaaa.')).toBe(true);
    expect(sealed).not.toContain('ada');
    expect(Buffer.from(sealed.split('.')[2], 'base64url').includes('ada')).toBe(false);
    expect(sealedKeyId(sealed)).toBe('aaaaaaaaaaaaaaaa');
    expect(openWith(key, sealed, 'event-1')).toEqual({ email: 'ada@example.com', names: ['Ada'] });
  });

  it('refuses another key, another binding and a tampered text', () => {
    const sealed = sealWith(key, 'ada@example.com', 'event-1');
    expect(() => openWith({ ...key, key: randomBytes(32) }, sealed, 'event-1')).toThrow();
    expect(() => openWith(key, sealed, 'event-2')).toThrow();
    const body = Buffer.from(sealed.split('.')[2], 'base64url');
    body[14] ^= 1;
    expect(() => openWith(key, `pd1.${key.keyId}.${body.toString('base64url')}`, 'event-1')).toThrow();
    expect(sealedKeyId('ada@example.com')).toBeNull();
  });

  it('seals the same value differently each time', () => {
    expect(sealWith(key, 'x', 'e')).not.toBe(sealWith(key, 'x', 'e'));
  });
});
