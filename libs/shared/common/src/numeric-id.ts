import { randomInt } from 'node:crypto';

const EPOCH = Date.UTC(2024, 0, 1);

/**
 * Integer ids (the spec's int64 path ids) that stay within JavaScript's safe integers: milliseconds
 * since 2024 times 2048 plus 11 random bits. Creating a stream with expected revision 'no_stream'
 * turns the rare collision into a conflict that the caller retries with a fresh id.
 */
export function newNumericId(now: number = Date.now()): number {
  return (now - EPOCH) * 2048 + randomInt(2048);
}

export function isNumericId(value: string): boolean {
  return /^\d{1,16}$/.test(value) && Number.isSafeInteger(Number(value));
}
