import { randomBytes } from 'node:crypto';
import { openWith, sealedKeyIds, sealWith } from './field-cipher';

const key = (scope: string, keyId: string) => ({ scope, keyId, key: randomBytes(32) });
const job = key('job:1', 'aaaaaaaaaaaaaaaa');
const address = key('account:1:address:x', 'bbbbbbbbbbbbbbbb');

describe('field cipher', () => {
  it('opens what it sealed, and hides the value', () => {
    const sealed = sealWith([job], { email: 'ada@example.com', names: ['Ada'] }, 'event-1');
    expect(sealed.startsWith('pd1.aaaaaaaaaaaaaaaa.')).toBe(true);
    expect(sealed.toLowerCase()).not.toContain('ada');
    expect(Buffer.from(sealed.split('.')[2], 'base64url').includes('ada')).toBe(false);
    expect(sealedKeyIds(sealed)).toEqual(['aaaaaaaaaaaaaaaa']);
    expect(openWith([job], sealed, 'event-1')).toEqual({ email: 'ada@example.com', names: ['Ada'] });
  });

  it('seals under several keys, and needs every one of them', () => {
    const sealed = sealWith([job, address], 'ada@example.com', 'event-1');
    expect(sealedKeyIds(sealed)).toEqual(['aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb']);
    expect(openWith([job, address], sealed, 'event-1')).toBe('ada@example.com');
    expect(() => openWith([job], sealed, 'event-1')).toThrow();
    expect(() => openWith([job, { ...address, key: randomBytes(32) }], sealed, 'event-1')).toThrow();
  });

  it('refuses another key, another binding and a tampered text', () => {
    const sealed = sealWith([job], 'ada@example.com', 'event-1');
    expect(() => openWith([{ ...job, key: randomBytes(32) }], sealed, 'event-1')).toThrow();
    expect(() => openWith([job], sealed, 'event-2')).toThrow();
    const body = Buffer.from(sealed.split('.')[2], 'base64url');
    body[14] ^= 1;
    expect(() => openWith([job], `pd1.${job.keyId}.${body.toString('base64url')}`, 'event-1')).toThrow();
    expect(sealedKeyIds('ada@example.com')).toBeNull();
  });

  it('seals the same value differently each time', () => {
    expect(sealWith([job], 'x', 'e')).not.toBe(sealWith([job], 'x', 'e'));
  });
});
