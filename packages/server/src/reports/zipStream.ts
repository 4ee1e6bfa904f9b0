import { pipeline, Readable } from 'node:stream';
import { constants, crc32, createDeflateRaw } from 'node:zlib';

// A zip written as a stream: each entry's content is deflated as it is produced, so memory holds a chunk
// and never the file. Sizes and CRC are only known once an entry ends, so each local header says "see
// the data descriptor" (flag bit 3) and the descriptor follows the data; the central directory at the
// end repeats them. No Zip64: an entry or the whole file past 4 GiB is refused rather than written wrong.

export interface ZipEntry {
  /** The path inside the zip, with forward slashes. */
  name: string;
  content: () => AsyncIterable<string | Uint8Array>;
}

const LIMIT = 0xffff_ffff;
/** Bit 3: sizes and CRC in a data descriptor; bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function dosDateTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date:
      ((Math.max(at.getUTCFullYear(), 1980) - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

function checkSize(what: string, bytes: number): void {
  if (bytes > LIMIT) throw new Error(`${what} passes 4 GiB, more than a zip without Zip64 holds`);
}

export async function* zipStream(entries: readonly ZipEntry[], modified: Date): AsyncGenerator<Buffer> {
  const { time, date } = dosDateTime(modified);
  const written: Written[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(DEFLATE, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    // CRC and sizes (14..25) stay zero: the data descriptor carries them.
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.concat([local, name]);
    yield header;

    let crc = 0;
    let size = 0;
    async function* counted(): AsyncGenerator<Buffer> {
      for await (const part of entry.content()) {
        const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part);
        crc = crc32(bytes, crc);
        size += bytes.length;
        yield bytes;
      }
    }
    // pipeline, not pipe: content that fails must fail the deflate stream read below, not leave it waiting.
    const deflated = pipeline(
      Readable.from(counted()),
      createDeflateRaw({ level: constants.Z_DEFAULT_COMPRESSION }),
      () => {},
    );
    let compressed = 0;
    for await (const part of deflated as AsyncIterable<Buffer>) {
      compressed += part.length;
      yield part;
    }
    checkSize(entry.name, size);
    checkSize(entry.name, compressed);

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    written.push({ name, crc, compressed, size, offset });
    offset += header.length + compressed + descriptor.length;
    checkSize('The zip', offset);
  }

  const directoryStart = offset;
  for (const entry of written) {
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(VERSION, 4);
    central.writeUInt16LE(VERSION, 6);
    central.writeUInt16LE(FLAGS, 8);
    central.writeUInt16LE(DEFLATE, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.compressed, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(entry.name.length, 28);
    // Extra field, comment, disk, attributes: none (30..41 stay zero).
    central.writeUInt32LE(entry.offset, 42);
    const record = Buffer.concat([central, entry.name]);
    offset += record.length;
    yield record;
  }
  checkSize('The zip', offset);

  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(offset - directoryStart, 12);
  end.writeUInt32LE(directoryStart, 16);
  yield end;
}
