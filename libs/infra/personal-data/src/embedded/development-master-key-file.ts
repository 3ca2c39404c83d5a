import * as fs from 'node:fs';
import { randomBytes } from 'node:crypto';

/**
 * Development only (DATA_MASTER_KEY unset, never in production): a master key in a file beside the data keys,
 * created once by whichever process of the machine comes first. It lets sealing run out of the box; it
 * protects nothing, since whoever reads DATA_DIR reads the key too.
 */
export function developmentMasterKeyFile(filePath: string): Buffer {
  try {
    fs.writeFileSync(filePath, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(fs.readFileSync(filePath, 'utf8').trim(), 'base64');
}
