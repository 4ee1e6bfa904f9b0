import { unzipSync, zipSync } from 'fflate';

// Reading uploaded zips. fflate inflates; the central directory is read here as well, because fflate does
// not hand out the entries' external attributes, and those are where a symbolic link shows (a Unix mode
// in the high 16 bits). An entry is judged by its central-directory record, which is what unzip tools
// extract by.

export interface ZipEntry {
  name: string;
  /** Uncompressed size as the archive declares it. */
  size: number;
  directory: boolean;
  symlink: boolean;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
/** "Version made by" hosts whose external attributes carry a Unix mode: Unix, and macOS. */
const UNIX_HOSTS = new Set([3, 19]);

export class ZipError extends Error {}

function endOfCentralDirectory(data: Buffer): number {
  const lowest = Math.max(0, data.length - 22 - 0xffff);
  for (let at = data.length - 22; at >= lowest; at--) {
    if (data.readUInt32LE(at) === EOCD) return at;
  }
  throw new ZipError('Not a zip file (no central directory)');
}

function centralDirectory(data: Buffer): { offset: number; count: number } {
  const eocd = endOfCentralDirectory(data);
  let count = data.readUInt16LE(eocd + 10);
  let offset = data.readUInt32LE(eocd + 16);
  const locator = eocd - 20;
  if (
    (count === 0xffff || offset === 0xffffffff) &&
    locator >= 0 &&
    data.readUInt32LE(locator) === ZIP64_LOCATOR
  ) {
    const record = Number(data.readBigUInt64LE(locator + 8));
    if (record + 56 > data.length || data.readUInt32LE(record) !== ZIP64_EOCD) {
      throw new ZipError('Damaged zip file (zip64 record)');
    }
    count = Number(data.readBigUInt64LE(record + 32));
    offset = Number(data.readBigUInt64LE(record + 48));
  }
  return { offset, count };
}

/** The archive's entries as its central directory lists them. */
export function zipEntries(data: Buffer): ZipEntry[] {
  const { offset, count } = centralDirectory(data);
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) {
      throw new ZipError('Damaged zip file (central directory)');
    }
    const madeBy = data.readUInt16LE(at + 4) >> 8;
    const utf8 = (data.readUInt16LE(at + 8) & 0x800) !== 0;
    let size = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const external = data.readUInt32LE(at + 38);
    const rawName = data.subarray(at + 46, at + 46 + nameLength);
    // fflate decodes names the same way, so the filter below matches on the same text.
    const name = utf8 ? rawName.toString('utf8') : rawName.toString('latin1');
    if (size === 0xffffffff)
      size = zip64Size(data.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    const mode = (external >>> 16) & S_IFMT;
    entries.push({
      name,
      size,
      directory: name.endsWith('/'),
      symlink: UNIX_HOSTS.has(madeBy) && mode === S_IFLNK,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function zip64Size(extra: Buffer): number {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001 && length >= 8) return Number(extra.readBigUInt64LE(at + 4));
    at += 4 + length;
  }
  return Number.MAX_SAFE_INTEGER;
}

/** The contents of the named entries (and no others), inflated. */
export function extractEntries(data: Buffer, names: ReadonlySet<string>): Map<string, Buffer> {
  const files = unzipSync(data, { filter: (file) => names.has(file.name) });
  return new Map(Object.entries(files).map(([name, bytes]) => [name, Buffer.from(bytes)]));
}

/** A zip of the given files (path -> bytes); text compresses, the rest is stored as it is. */
export function makeZip(files: ReadonlyMap<string, Buffer>): Buffer {
  const input: Record<string, Uint8Array> = {};
  for (const [name, bytes] of files) input[name] = bytes;
  return Buffer.from(zipSync(input, { level: 6 }));
}
