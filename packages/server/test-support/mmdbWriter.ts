// A small MaxMind DB writer for tests: no npm package writes the format, and the geo update's tests need
// databases whose answers differ from the shipped ones. It writes IPv4 trees (24-bit records) whose
// records are maps of strings and unsigned integers, which is all the city and ASN layouts use.

type Value = string | number | { [key: string]: Value };

function control(type: number, size: number): Buffer {
  const head = type <= 7 ? type << 5 : 0;
  const extended = type > 7 ? [type - 7] : [];
  if (size < 29) return Buffer.from([head | size, ...extended]);
  if (size < 285) return Buffer.from([head | 29, ...extended, size - 29]);
  const rest = size - 285;
  return Buffer.from([head | 30, ...extended, rest >> 8, rest & 255]);
}

function unsigned(value: number): Buffer {
  const bytes: number[] = [];
  for (let left = value; left > 0; left = Math.floor(left / 256)) bytes.unshift(left % 256);
  return bytes.length <= 4
    ? Buffer.concat([control(6, bytes.length), Buffer.from(bytes)])
    : Buffer.concat([control(9, bytes.length), Buffer.from(bytes)]);
}

function encode(value: Value | Value[]): Buffer {
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([control(2, text.length), text]);
  }
  if (typeof value === 'number') return unsigned(value);
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, v]) => [encode(k), encode(v)])]);
}

export interface MmdbNetwork {
  /** `a.b.c.d/len` */
  cidr: string;
  record: { [key: string]: Value };
}

type Slot = { node: number } | { data: number } | null;

export function writeMmdb(options: {
  databaseType: string;
  networks: MmdbNetwork[];
  buildEpoch?: number;
}): Buffer {
  const dataParts: Buffer[] = [];
  let dataSize = 0;
  const nodes: [Slot, Slot][] = [[null, null]];
  for (const { cidr, record } of options.networks) {
    const [address = '', lengthText = '32'] = cidr.split('/');
    const bits = address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
    const length = Number(lengthText);
    const encoded = encode(record);
    const offset = dataSize;
    dataParts.push(encoded);
    dataSize += encoded.length;
    let node = 0;
    for (let depth = 0; depth < length; depth += 1) {
      const bit = Math.floor(bits / 2 ** (31 - depth)) % 2;
      const current = nodes[node] as [Slot, Slot];
      if (depth === length - 1) {
        current[bit] = { data: offset };
        break;
      }
      const next = current[bit];
      if (next !== null && 'node' in next) node = next.node;
      else {
        nodes.push([null, null]);
        current[bit] = { node: nodes.length - 1 };
        node = nodes.length - 1;
      }
    }
  }
  const nodeCount = nodes.length;
  const tree = Buffer.alloc(nodeCount * 6);
  const value = (slot: Slot) =>
    slot === null ? nodeCount : 'node' in slot ? slot.node : nodeCount + 16 + slot.data;
  nodes.forEach(([left, right], index) => {
    tree.writeUIntBE(value(left), index * 6, 3);
    tree.writeUIntBE(value(right), index * 6 + 3, 3);
  });
  const metadata = encode({
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: options.buildEpoch ?? Math.floor(Date.now() / 1000),
    database_type: options.databaseType,
    description: { en: 'Cairn test database' },
    ip_version: 4,
    node_count: nodeCount,
    record_size: 24,
  });
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    ...dataParts,
    Buffer.from('abcdef4d61784d696e642e636f6d', 'hex'),
    metadata,
  ]);
}
