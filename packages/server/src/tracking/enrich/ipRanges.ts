import { normaliseIp, parseIpv4, parseIpv6 } from './ip.ts';

// Addresses and CIDR ranges (a flow's IP criterion, a network's postback allow-list), compiled once into
// numeric bounds. node:net's BlockList answered the same question at ~4 µs a check, most of it spent
// building a SocketAddress per call; this is a few comparisons. Entries are validated by the contract;
// one that is not an address or range here matches nothing.

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
  const v4: number[] = []; // low, high, low, high...
  const v6: Uint32Array[] = []; // low words, high words, ...
  const words = new Uint32Array(4);
  for (const entry of entries) {
    const [text = '', prefixText, extra] = entry.split('/');
    const address = normaliseIp(text);
    const prefix = prefixText === undefined ? null : Number(prefixText);
    if (extra !== undefined || (prefix !== null && !Number.isInteger(prefix))) continue;
    if (address.version === 4 && (prefix === null || (prefix >= 0 && prefix <= 32))) {
      v4.push(...wordBounds(parseIpv4(address.address), prefix ?? 32));
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
      v6.push(low, high);
    }
  }
  const key = new Uint32Array(4);
  return {
    has(ip) {
      const address = normaliseIp(ip);
      if (address.version === 4) {
        const value = parseIpv4(address.address);
        for (let index = 0; index < v4.length; index += 2) {
          if (value >= (v4[index] ?? 0) && value <= (v4[index + 1] ?? -1)) return true;
        }
        return false;
      }
      if (address.version !== 6 || v6.length === 0 || !parseIpv6(address.address, key)) return false;
      for (let index = 0; index < v6.length; index += 2) {
        if (within(key, v6[index] as Uint32Array, v6[index + 1] as Uint32Array)) return true;
      }
      return false;
    },
  };
}

/** low <= key <= high, comparing the four words in order. */
function within(key: Uint32Array, low: Uint32Array, high: Uint32Array): boolean {
  return compare(key, low) >= 0 && compare(key, high) <= 0;
}

function compare(a: Uint32Array, b: Uint32Array): number {
  for (let word = 0; word < 4; word += 1) {
    const difference = (a[word] ?? 0) - (b[word] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
