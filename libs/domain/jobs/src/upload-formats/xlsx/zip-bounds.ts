import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';

/** Why a zip (an .xlsx) is refused before any spreadsheet parser reads it. */
export class ZipRefusedError extends Error {
  override readonly name = 'ZipRefusedError';
}

export interface ZipLimits {
  /** The most all entries may hold once inflated, together. */
  maxTotalBytes: number;
  /** The most one entry may hold once inflated (the shared strings are kept in memory). */
  maxEntryBytes: number;
  maxEntries: number;
}

interface Entry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** An entry as checked: its name and where its whole record (local header, data, descriptor) lies. */
export interface ZipEntryBlock {
  name: string;
  start: number;
  /** Exclusive. */
  end: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const ZIP64 = 0xffffffff;

/**
 * Zip-bomb guard for a file a streaming reader will unzip: the central directory must list every
 * entry, back to back from the first byte (so a reader walking the local headers in order sees
 * exactly these and nothing hidden between them), within `limits` as declared, and each entry must
 * inflate to no more than it declares (checked by inflating it, output counted and dropped).
 */
export async function checkZipBounds(path: string, limits: ZipLimits): Promise<ZipEntryBlock[]> {
  const file = await open(path, 'r');
  let blocks: ZipEntryBlock[];
  let entries: Entry[];
  try {
    const directory = await readCentralDirectory(file, limits);
    entries = directory.entries;
    blocks = await checkBackToBack(file, entries, directory.offset);
  } finally {
    await file.close();
  }
  for (const entry of entries) await checkInflatedSize(path, entry);
  return blocks;
}

async function readCentralDirectory(
  file: FileHandle,
  limits: ZipLimits,
): Promise<{ entries: Entry[]; offset: number }> {
  const { size } = await file.stat();
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await readAt(file, size - tailLength, tailLength);
  let eocd = -1;
  for (let at = tail.length - 22; at >= 0 && eocd < 0; at--) if (tail.readUInt32LE(at) === EOCD) eocd = at;
  if (eocd < 0) throw new ZipRefusedError('it is not a complete zip archive (no central directory)');
  const count = tail.readUInt16LE(eocd + 10);
  const directorySize = tail.readUInt32LE(eocd + 12);
  const directoryOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || directoryOffset === ZIP64) throw new ZipRefusedError('it is a ZIP64 archive');
  if (count > limits.maxEntries) throw new ZipRefusedError(`it holds more than ${limits.maxEntries} parts`);
  if (directoryOffset + directorySize > size) throw new ZipRefusedError('its central directory is cut off');
  const directory = await readAt(file, directoryOffset, directorySize);
  const entries: Entry[] = [];
  let total = 0;
  for (let at = 0, n = 0; n < count; n++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL)
      throw new ZipRefusedError('its central directory is malformed');
    const nameLength = directory.readUInt16LE(at + 28);
    const entry: Entry = {
      flags: directory.readUInt16LE(at + 8),
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      localOffset: directory.readUInt32LE(at + 42),
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
    };
    if (entry.size === ZIP64 || entry.compressedSize === ZIP64) throw new ZipRefusedError('it is a ZIP64 archive');
    if (entry.method !== 0 && entry.method !== 8)
      throw new ZipRefusedError(`${entry.name} uses an unknown compression`);
    if (entry.size > limits.maxEntryBytes) throw new ZipRefusedError(`${entry.name} is too large once unpacked`);
    total += entry.size;
    if (total > limits.maxTotalBytes) throw new ZipRefusedError('it is too large once unpacked');
    entries.push(entry);
    at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  return { entries, offset: directoryOffset };
}

/** Each local header where the directory says, each entry's data followed at once by the next one. */
async function checkBackToBack(file: FileHandle, entries: Entry[], directoryOffset: number): Promise<ZipEntryBlock[]> {
  const blocks: ZipEntryBlock[] = [];
  let expected = 0;
  for (const entry of [...entries].sort((a, b) => a.localOffset - b.localOffset)) {
    const header = await readAt(file, entry.localOffset, 30);
    if (entry.localOffset !== expected || header.length < 30 || header.readUInt32LE(0) !== LOCAL)
      throw new ZipRefusedError('its parts are not laid out as its directory says');
    let end = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28) + entry.compressedSize;
    if (entry.flags & 0x08) {
      const descriptor = await readAt(file, end, 4);
      end += descriptor.length === 4 && descriptor.readUInt32LE(0) === DESCRIPTOR ? 16 : 12;
    }
    blocks.push({ name: entry.name, start: entry.localOffset, end });
    expected = end;
  }
  if (expected !== directoryOffset) throw new ZipRefusedError('it holds data its directory does not list');
  return blocks;
}

/** Inflates one entry, counting and dropping the output: more than declared is a bomb. */
async function checkInflatedSize(path: string, entry: Entry): Promise<void> {
  const header = await readHeaderLengths(path, entry.localOffset);
  const start = entry.localOffset + 30 + header;
  if (entry.compressedSize === 0) return;
  const raw = createReadStream(path, { start, end: start + entry.compressedSize - 1 });
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw new ZipRefusedError(`${entry.name} is not the size it declares`);
    raw.destroy();
    return;
  }
  let inflated = 0;
  const inflate = createInflateRaw();
  raw.pipe(inflate);
  try {
    for await (const chunk of inflate) {
      inflated += (chunk as Buffer).length;
      if (inflated > entry.size) throw new ZipRefusedError(`${entry.name} unpacks to more than it declares`);
    }
  } catch (error) {
    if (error instanceof ZipRefusedError) throw error;
    throw new ZipRefusedError(`${entry.name} is damaged`);
  } finally {
    raw.destroy();
    inflate.destroy();
  }
}

async function readHeaderLengths(path: string, offset: number): Promise<number> {
  const file = await open(path, 'r');
  try {
    const header = await readAt(file, offset, 30);
    return header.readUInt16LE(26) + header.readUInt16LE(28);
  } finally {
    await file.close();
  }
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}
