import { createHash } from 'node:crypto';

/**
 * Maps any key to one flat file name that cannot leave the blob directory: every character outside
 * [A-Za-z0-9_-] is percent-encoded (so '/', '.' and '..' become plain text), and keys whose encoding
 * would exceed file-name limits are named by their SHA-256 instead. Encoded names never contain '.',
 * so the '.meta.json' and '.tmp' suffixes below cannot collide with another key's data file.
 */
export function blobFileName(key: string): string {
  if (key.length === 0) throw new Error('blob key must not be empty');
  const encoded = [...Buffer.from(key, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9_-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');
  return encoded.length <= 180 ? `b_${encoded}` : `h_${createHash('sha256').update(key).digest('hex')}`;
}

export const metaFileName = (fileName: string): string => `${fileName}.meta.json`;
