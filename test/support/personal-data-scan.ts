import * as fs from 'node:fs';
import * as path from 'node:path';

/** One place a needle was found: the file (relative to the scanned root) and the encoding it was in. */
export interface ScanHit {
  file: string;
  encoding: string;
  needle: string;
}

/** The forms a stored string may take: as given, JSON-escaped, base64 at each alignment, and case-folded. */
function encodingsOf(needle: string): Array<{ encoding: string; bytes: Buffer; folded?: boolean }> {
  const utf8 = Buffer.from(needle, 'utf8');
  const forms = [
    { encoding: 'utf8', bytes: utf8 },
    { encoding: 'json-escaped', bytes: Buffer.from(JSON.stringify(needle).slice(1, -1), 'utf8') },
    { encoding: 'utf16le', bytes: Buffer.from(needle, 'utf16le') },
    { encoding: 'case-folded', bytes: Buffer.from(needle.toLowerCase(), 'utf8'), folded: true },
  ];
  // A base64 encoding of a longer text holds the needle at one of three alignments; the inner characters
  // that do not depend on the neighbours are what a scan can look for.
  for (let pad = 0; pad < 3; pad++) {
    const encoded = Buffer.concat([Buffer.alloc(pad, 0), utf8])
      .toString('base64')
      .replace(/=+$/, '');
    const skip = pad === 0 ? 0 : 4;
    forms.push({ encoding: `base64+${pad}`, bytes: Buffer.from(encoded.slice(skip, encoded.length - 4), 'utf8') });
  }
  return forms;
}

/** Every file under `root`, recursively (`root` itself when it is a file); what vanishes meanwhile is skipped. */
function filesUnder(root: string): string[] {
  let entries: fs.Dirent[];
  try {
    if (fs.statSync(root).isFile()) return [root];
    entries = fs.readdirSync(root, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries.flatMap((entry) => {
    const full = path.join(root, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
  });
}

/** A file's bytes, or null when it went between listing and reading (a server deleting a segment meanwhile). */
function readIfThere(file: string): Buffer | null {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Scans every byte of every file under `root` for the needles in each of their encodings (issue 39: the
 * proof that an erasure left nothing). Case-folded forms are searched in the lower-cased bytes. `skip`: files whose
 * format holds no payload (said where it is used).
 */
export function scanForPersonalData(
  root: string,
  needles: string[],
  options: { skip?: (file: string) => boolean } = {},
): ScanHit[] {
  const hits: ScanHit[] = [];
  for (const file of filesUnder(root)) {
    if (options.skip?.(file)) continue;
    const bytes = readIfThere(file);
    if (!bytes) continue;
    const lowered = Buffer.from(bytes.toString('latin1').toLowerCase(), 'latin1');
    for (const needle of needles)
      for (const form of encodingsOf(needle))
        if ((form.folded ? lowered : bytes).includes(form.bytes))
          hits.push({ file: path.relative(root, file) || path.basename(file), encoding: form.encoding, needle });
  }
  return hits;
}

/** The store a file under DATA_DIR belongs to, by its name (docs/operations: what DATA_DIR holds). */
export function storeOf(file: string): string {
  if (/^events/.test(file)) return 'event store';
  if (/^read/.test(file)) return 'read store';
  if (/^bus/.test(file)) return 'bus';
  if (/^blobs/.test(file)) return 'blobs';
  if (/outbox/.test(file)) return 'outbox';
  if (/\.log$|^logs/.test(file)) return 'logs';
  return file;
}

/** The stores (storeOf) that hold the needle anywhere under the data directory, sorted: [] when none does. */
export function storesHolding(dataDir: string, needle: string): string[] {
  return [...new Set(scanForPersonalData(dataDir, [needle]).map((hit) => storeOf(hit.file)))].sort();
}
