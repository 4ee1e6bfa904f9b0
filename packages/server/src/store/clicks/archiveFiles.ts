import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ClearScope } from '../events/port.ts';

// The click archive's files (archive.ts): day files of blocks, each a 32-byte header (magic, payload
// length, line count, CRC-32 of the payload, first and last click time as doubles) and its zstd
// payload, and the in-memory index of a day's blocks; and archive.json, the archive's own state,
// replaced whole by a rename.

const MAGIC = 0x31424b43; // "CKB1"
export const HEADER_BYTES = 32;
/** Blocks at a file's end whose checksum is checked at open (only the last writes can be torn). */
const CHECKED_TAIL = 8;
const META = 'archive.json';

export interface Block {
  offset: number;
  length: number;
  minTime: number;
  maxTime: number;
}

/** What the archive keeps beside its files. */
export interface ArchiveMeta {
  columns: string[];
  /**
   * The event store's clears and deletions: a click one of them took is not answered (the store
   * answers for it, from its rollup or not at all). Per campaign scope, the latest time of each.
   */
  forgotten: ClearScope[];
  /** Clicks stored before the archive existed, still to be copied in: those before `before`. */
  backfill: { before: number } | null;
}

export interface DayFile {
  file: string;
  size: number;
  /** By minTime, so a lookup finds its blocks by binary search whatever order they were written in. */
  blocks: Block[];
  /** The longest span of a block: blocks starting earlier than that before a time cannot hold it. */
  longest: number;
  handle: Promise<fsp.FileHandle> | null;
}

/** Index of the last block starting at or before `time`, -1 if none. */
export function lastStartingBy(blocks: readonly Block[], time: number): number {
  let low = 0;
  let high = blocks.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((blocks[middle] as Block).minTime <= time) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

export function addBlock(day: DayFile, block: Block): void {
  const at = lastStartingBy(day.blocks, block.minTime) + 1;
  if (at === day.blocks.length) day.blocks.push(block);
  else day.blocks.splice(at, 0, block);
  day.longest = Math.max(day.longest, block.maxTime - block.minTime);
}

export function blockHeader(payload: Buffer, lines: number, minTime: number, maxTime: number): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32LE(MAGIC, 0);
  header.writeUInt32LE(payload.length, 4);
  header.writeUInt32LE(lines, 8);
  header.writeUInt32LE(zlib.crc32(payload), 12);
  header.writeDoubleLE(minTime, 16);
  header.writeDoubleLE(maxTime, 24);
  return header;
}

/** A day file's blocks, the file cut back to its last whole block when its tail is torn. */
export function scan(file: string): { size: number; blocks: Block[] } {
  const fd = fs.openSync(file, 'r+');
  try {
    const size = fs.fstatSync(fd).size;
    const header = Buffer.alloc(HEADER_BYTES);
    const blocks: Block[] = [];
    let offset = 0;
    while (offset + HEADER_BYTES <= size) {
      if (fs.readSync(fd, header, 0, HEADER_BYTES, offset) !== HEADER_BYTES) break;
      if (header.readUInt32LE(0) !== MAGIC) break;
      const length = header.readUInt32LE(4);
      if (offset + HEADER_BYTES + length > size) break;
      blocks.push({
        offset,
        length,
        minTime: header.readDoubleLE(16),
        maxTime: header.readDoubleLE(24),
      });
      offset += HEADER_BYTES + length;
    }
    // Only the last writes can be torn: their checksums decide where the file ends.
    let whole = blocks.length;
    for (let index = Math.max(0, blocks.length - CHECKED_TAIL); index < blocks.length; index += 1) {
      const block = blocks[index] as Block;
      const payload = Buffer.alloc(block.length);
      fs.readSync(fd, payload, 0, block.length, block.offset + HEADER_BYTES);
      fs.readSync(fd, header, 0, HEADER_BYTES, block.offset);
      if (zlib.crc32(payload) !== header.readUInt32LE(12)) {
        whole = index;
        break;
      }
    }
    const kept = blocks.slice(0, whole);
    const end =
      kept.length > 0 ? (kept.at(-1) as Block).offset + HEADER_BYTES + (kept.at(-1) as Block).length : 0;
    if (end < size) fs.ftruncateSync(fd, end);
    return { size: end, blocks: kept };
  } finally {
    fs.closeSync(fd);
  }
}

export async function readMeta(dir: string): Promise<ArchiveMeta | null> {
  try {
    const meta = JSON.parse(await fsp.readFile(path.join(dir, META), 'utf8')) as ArchiveMeta;
    if (!Array.isArray(meta.columns) || !Array.isArray(meta.forgotten)) return null;
    return meta;
  } catch {
    return null;
  }
}

export async function writeMeta(dir: string, meta: ArchiveMeta): Promise<void> {
  const file = path.join(dir, META);
  await fsp.writeFile(`${file}.tmp`, JSON.stringify(meta), { mode: 0o600 });
  await fsp.rename(`${file}.tmp`, file);
}
