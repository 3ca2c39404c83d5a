import { isUtf8 } from 'node:buffer';

const REPLACEMENT_BYTES = Buffer.from([0xef, 0xbf, 0xbd]);

/**
 * Number of invalid UTF-8 sequences in `bytes` (0 on the fast path). Node's decoder turns
 * each one into U+FFFD, so the count is the decoded U+FFFDs minus those genuinely encoded
 * in the input.
 */
export function countInvalidUtf8(bytes: Uint8Array): number {
  if (isUtf8(bytes)) return 0;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let decoded = 0;
  for (const ch of buffer.toString('utf8')) if (ch === '\uFFFD') decoded++;
  let genuine = 0;
  for (let at = buffer.indexOf(REPLACEMENT_BYTES); at >= 0; at = buffer.indexOf(REPLACEMENT_BYTES, at + 3)) {
    genuine++;
  }
  return decoded - genuine;
}
