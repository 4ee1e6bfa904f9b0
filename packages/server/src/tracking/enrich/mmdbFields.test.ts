import { Reader, type Response } from 'maxmind';
import { describe, expect, it } from 'vitest';
import { selected } from '../../../test-support/mmdbFields.ts';
import { FieldDecoder, type FieldSelector } from './mmdbFields.ts';
import { MmdbFile } from './mmdbFile.ts';
import { GEO_FIELDS, NETWORK_FIELDS } from './records.ts';

// Hand-built records hold every encoding the format has, read by the library and by the decoder: what
// the decoder gives must be the library's record cut down to the selected fields.

type Encoded = number[];

function control(type: number, size: number): Encoded {
  const head = type <= 7 ? [type << 5] : [0];
  const extended = type <= 7 ? [] : [type - 7];
  let sizeBytes: number[] = [];
  if (size < 29) head[0] = (head[0] as number) | size;
  else if (size < 285) {
    head[0] = (head[0] as number) | 29;
    sizeBytes = [size - 29];
  } else if (size < 65_821) {
    head[0] = (head[0] as number) | 30;
    sizeBytes = [(size - 285) >> 8, (size - 285) & 255];
  } else {
    head[0] = (head[0] as number) | 31;
    const rest = size - 65_821;
    sizeBytes = [rest >> 16, (rest >> 8) & 255, rest & 255];
  }
  return [...head, ...extended, ...sizeBytes];
}

const text = (value: string): Encoded => {
  const bytes = [...Buffer.from(value)];
  return [...control(2, bytes.length), ...bytes];
};
const uint = (type: 5 | 6 | 9 | 10, value: number, bytes: number): Encoded => {
  const out: number[] = [];
  for (let index = bytes - 1; index >= 0; index -= 1) out.push(Math.floor(value / 256 ** index) % 256);
  return [...control(type, bytes), ...out];
};
const int32 = (value: number): Encoded => {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(value);
  return [...control(8, 4), ...buffer];
};
const double = (value: number): Encoded => {
  const buffer = Buffer.alloc(8);
  buffer.writeDoubleBE(value);
  return [...control(3, 8), ...buffer];
};
const float = (value: number): Encoded => {
  const buffer = Buffer.alloc(4);
  buffer.writeFloatBE(value);
  return [...control(15, 4), ...buffer];
};
const bool = (value: boolean): Encoded => control(14, value ? 1 : 0);
const bytes = (length: number): Encoded => [...control(4, length), ...new Array<number>(length).fill(7)];
const map = (pairs: [Encoded, Encoded][]): Encoded => [...control(7, pairs.length), ...pairs.flat(2)];
const array = (items: Encoded[]): Encoded => [...control(11, items.length), ...items.flat()];

/** A pointer to `target` (offset in the data section) in the given size form (0-3). */
function pointer(target: number, form: 0 | 1 | 2 | 3): Encoded {
  if (form === 0) return [0x20 | ((target >> 8) & 7), target & 255];
  if (form === 1) {
    const value = target - 2048;
    return [0x28 | ((value >> 16) & 7), (value >> 8) & 255, value & 255];
  }
  if (form === 2) {
    const value = target - 526_336;
    return [0x30 | ((value >> 24) & 7), (value >> 16) & 255, (value >> 8) & 255, value & 255];
  }
  return [0x38, (target >>> 24) & 255, (target >> 16) & 255, (target >> 8) & 255, target & 255];
}

/**
 * An IPv4 MMDB whose root node points 0.0.0.0/1 at `left` and 128.0.0.0/1 at `right`, records laid out
 * in the data section as `build` places them (it gets the offset each piece will start at).
 */
function fileOf(build: (at: (piece: Encoded) => number) => { left: number; right: number }): Buffer {
  const data: number[] = [];
  const at = (piece: Encoded) => {
    const offset = data.length;
    for (const byte of piece) data.push(byte);
    return offset;
  };
  const { left, right } = build(at);
  const nodeCount = 1;
  const tree = Buffer.alloc(8);
  tree.writeUInt32BE(nodeCount + 16 + left, 0);
  tree.writeUInt32BE(nodeCount + 16 + right, 4);
  const metadata = Buffer.from(
    map([
      [text('node_count'), uint(6, nodeCount, 1)],
      [text('record_size'), uint(5, 32, 1)],
      [text('ip_version'), uint(5, 4, 1)],
      [text('database_type'), text('Test-City')],
    ]),
  );
  const marker = Buffer.from('ABCDEF4D61784D696E642E636F6D', 'hex');
  return Buffer.concat([tree, Buffer.alloc(16), Buffer.from(data), marker, metadata]);
}

/** Expects the file, read with `selector`, to answer both halves as the library does, cut down. */
function expectSelectedAsLibrary(db: Buffer, selector: FieldSelector): unknown[] {
  const file = new MmdbFile(db, selector);
  const library = new Reader<Response>(db);
  const words = new Uint32Array(1);
  return ['1.2.3.4', '200.1.2.3'].map((address) => {
    words[0] = address === '1.2.3.4' ? 0x01020304 : 0xc8010203;
    const record = file.get(address, words, 1);
    expect(record).toEqual(selected(library.get(address), selector));
    return record;
  });
}

describe('decoding only the selected fields of an MMDB record', () => {
  it('reads strings of every size form, numbers, booleans, nested maps and arrays', () => {
    const selector: FieldSelector = {
      short: {},
      long: {},
      longer: {},
      longest: {},
      count: {},
      big: {},
      negative: {},
      yes: {},
      no: {},
      place: { names: { en: {} } },
      list: { code: {} },
      ratio: {},
      small: {},
    };
    const db = fileOf((at) => {
      const record = map([
        [text('skipped'), map([[text('deep'), array([double(1.5), bytes(40), uint(9, 5, 8)])]])],
        [text('short'), text('Köln')],
        [text('long'), text('x'.repeat(200))],
        [text('longer'), text('y'.repeat(5_000))],
        [text('longest'), text('z'.repeat(70_000))],
        [text('count'), uint(5, 65_535, 2)],
        [text('big'), uint(6, 4_000_000_000, 4)],
        [text('negative'), int32(-12)],
        [text('yes'), bool(true)],
        [text('no'), bool(false)],
        [text('u128'), uint(10, 1, 16)],
        [
          text('place'),
          map([
            [text('geoname_id'), uint(6, 2_886_242, 4)],
            [
              text('names'),
              map([
                [text('de'), text('Köln')],
                [text('en'), text('Cologne')],
              ]),
            ],
          ]),
        ],
        [text('list'), array([map([[text('code'), text('NW')]]), map([[text('other'), float(2.5)]])])],
        [text('ratio'), double(0.25)],
        [text('small'), float(0.5)],
      ]);
      const left = at(record);
      const right = at(map([[text('short'), text('other half')]]));
      return { left, right };
    });
    const [left, right] = expectSelectedAsLibrary(db, selector);
    expect(left).toMatchObject({ short: 'Köln', place: { names: { en: 'Cologne' } }, negative: -12 });
    expect((left as { longest: string }).longest).toHaveLength(70_000);
    expect(left).not.toHaveProperty('skipped');
    expect(right).toEqual({ short: 'other half' });
  });

  it('follows pointers of each size to keys and values, and never a skipped one', () => {
    const db = fileOf((at) => {
      const cityKey = at(text('city'));
      const codeKey = at(text('country_code'));
      at(bytes(3_000)); // past 2,048: the next pieces need two-byte pointers
      const shared = at(text('Lyon'));
      at(bytes(530_000)); // past 526,336: three-byte pointers
      const region = at(text('Auvergne-Rhône-Alpes'));
      const nested = at(map([[text('names'), map([[text('en'), text('Nested')]])]]));
      const left = at(
        map([
          [pointer(cityKey, 0), pointer(shared, 1)],
          [pointer(codeKey, 3), text('FR')],
          [text('state1'), pointer(region, 2)],
          [text('unused'), pointer(nested, 2)],
        ]),
      );
      const right = at(map([[pointer(cityKey, 3), pointer(nested, 3)]]));
      return { left, right };
    });
    const [left, right] = expectSelectedAsLibrary(db, GEO_FIELDS);
    expect(left).toEqual({ city: 'Lyon', country_code: 'FR', state1: 'Auvergne-Rhône-Alpes' });
    expect(right).toEqual({ city: { names: { en: 'Nested' } } });
  });

  it('reads a network record as the library does', () => {
    const db = fileOf((at) => ({
      left: at(
        map([
          [text('autonomous_system_number'), uint(6, 3320, 2)],
          [text('autonomous_system_organization'), text('Deutsche Telekom AG')],
          [text('network'), text('ignored')],
        ]),
      ),
      right: at(map([])),
    }));
    const [left, right] = expectSelectedAsLibrary(db, NETWORK_FIELDS);
    expect(left).toEqual({
      autonomous_system_number: 3320,
      autonomous_system_organization: 'Deutsche Telekom AG',
    });
    expect(right).toEqual({});
  });

  it('throws on an offset outside the file instead of reading past it', () => {
    const decoder = new FieldDecoder(Buffer.from(map([[text('city'), pointer(60_000, 1)]])), 0, GEO_FIELDS);
    expect(() => decoder.decode(0)).toThrow(RangeError);
    expect(() => decoder.decode(1_000)).toThrow(RangeError);
  });
});
