import { normaliseIp, parseIpv4, parseIpv6 } from './ip.ts';

// Addresses and CIDR ranges (a flow's IP criterion, a network's postback allow-list), compiled once into
// numeric bounds. node:net's BlockList answered the same question at ~4 µs a check, most of it spent
// building a SocketAddress per call; this is a few comparisons. The ranges are sorted and overlapping ones
// merged, so a check is a binary search however long the list (a rule's list of data-centre ranges can
// hold hundreds). Entries are validated by the contract; one that is not an address or range here
// matches nothing.

export interface IpRanges {
  /** Whether `ip` (any textual form normaliseIp reads) lies in one of the ranges. */
  has(ip: string): boolean;
}

const WORD = 2 ** 32;

/** [low, high] of the `bits`-bit prefix of a 32-bit word; bits <= 0 is the whole word. */
function wordBounds(value: number, bits: number): [number, number] {
  if (bits >= 32) return [value, value];
  if (bits <= 0) return [0, WORD - 1];
  const size = 2 ** (32 - bits);
  const low = Math.floor(value / size) * size;
  return [low, low + size - 1];
}

export function compileIpRanges(entries: readonly string[]): IpRanges {
  const v4: [number, number][] = [];
  const v6: [Uint32Array, Uint32Array][] = [];
  const words = new Uint32Array(4);
  for (const entry of entries) {
    const [text = '', prefixText, extra] = entry.split('/');
    const address = normaliseIp(text);
    const prefix = prefixText === undefined ? null : Number(prefixText);
    if (extra !== undefined || (prefix !== null && !Number.isInteger(prefix))) continue;
    if (address.version === 4 && (prefix === null || (prefix >= 0 && prefix <= 32))) {
      v4.push(wordBounds(parseIpv4(address.address), prefix ?? 32));
    } else if (
      address.version === 6 &&
      (prefix === null || (prefix >= 0 && prefix <= 128)) &&
      parseIpv6(address.address, words)
    ) {
      const low = new Uint32Array(4);
      const high = new Uint32Array(4);
      for (let word = 0; word < 4; word += 1) {
        [low[word], high[word]] = wordBounds(words[word] ?? 0, (prefix ?? 128) - word * 32);
      }
      v6.push([low, high]);
    }
  }
  const [v4Lows, v4Highs] = mergedV4(v4);
  const v6Ranges = mergedV6(v6);
  const key = new Uint32Array(4);
  return {
    has(ip) {
      const address = normaliseIp(ip);
      if (address.version === 4) {
        if (v4Lows.length === 0) return false;
        const value = parseIpv4(address.address);
        const index = lastAtOrBelow(v4Lows.length, (at) => (v4Lows[at] as number) <= value);
        return index >= 0 && value <= (v4Highs[index] as number);
      }
      if (address.version !== 6 || v6Ranges.length === 0 || !parseIpv6(address.address, key)) return false;
      const index = lastAtOrBelow(v6Ranges.length, (at) => compare((v6Ranges[at] as V6Range)[0], key) <= 0);
      return index >= 0 && compare(key, (v6Ranges[index] as V6Range)[1]) <= 0;
    },
  };
}

type V6Range = [Uint32Array, Uint32Array];

/** The last index in [0, length) for which `atOrBelow` holds (it holds for a prefix of them); -1: none. */
function lastAtOrBelow(length: number, atOrBelow: (index: number) => boolean): number {
  let low = 0;
  let high = length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (atOrBelow(middle)) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** Sorted, non-overlapping IPv4 ranges as parallel arrays of lows and highs. */
function mergedV4(ranges: [number, number][]): [Float64Array, Float64Array] {
  ranges.sort((a, b) => a[0] - b[0]);
  const lows: number[] = [];
  const highs: number[] = [];
  for (const [low, high] of ranges) {
    const last = highs.length - 1;
    if (last >= 0 && low <= (highs[last] as number) + 1) highs[last] = Math.max(highs[last] as number, high);
    else {
      lows.push(low);
      highs.push(high);
    }
  }
  return [Float64Array.from(lows), Float64Array.from(highs)];
}

/** Sorted, non-overlapping IPv6 ranges. */
function mergedV6(ranges: V6Range[]): V6Range[] {
  ranges.sort((a, b) => compare(a[0], b[0]));
  const merged: V6Range[] = [];
  for (const [low, high] of ranges) {
    const last = merged.at(-1);
    if (last && compare(low, last[1]) <= 0) {
      if (compare(high, last[1]) > 0) last[1] = high;
    } else merged.push([low, high]);
  }
  return merged;
}

function compare(a: Uint32Array, b: Uint32Array): number {
  for (let word = 0; word < 4; word += 1) {
    const difference = (a[word] ?? 0) - (b[word] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
