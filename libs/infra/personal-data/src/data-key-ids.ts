import { publicRandomBytes } from './public-random';

/** A key generation's id: 64 random bits, stored with every value sealed under it. */
export const newKeyId = (): string => publicRandomBytes(8).toString('hex');

/** What a wrapped key is bound to: its scope and generation. */
export const keyBinding = (scope: string, keyId: string): string => `${scope}|${keyId}`;
