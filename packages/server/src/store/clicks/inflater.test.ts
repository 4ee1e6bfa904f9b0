import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BlockInflater } from './inflater.ts';

const lines = (seed: number, count: number) =>
  Buffer.from(
    Array.from({ length: count }, (_, index) =>
      JSON.stringify([`c${seed}-${index}`, seed * index, 'DE', 'Mozilla/5.0', index % 7]),
    ).join('\n'),
  );

describe('BlockInflater', () => {
  it('inflates block after block with one context into one buffer', () => {
    const inflater = new BlockInflater(64 * 1024);
    expect(inflater.reusesContext).toBe(true);
    const buffers = new Set<ArrayBufferLike>();
    for (let seed = 0; seed < 50; seed += 1) {
      const raw = lines(seed, 20 + seed);
      const block = Buffer.concat([zlib.zstdCompressSync(raw), Buffer.alloc(7)]);
      const inflated = inflater.inflate(block, block.length - 7);
      expect(inflated.equals(raw)).toBe(true);
      buffers.add(inflated.buffer);
    }
    expect(buffers.size).toBe(1);
  });

  it('throws on a block that is not a zstd frame, then inflates the next one', async () => {
    const inflater = new BlockInflater(64 * 1024);
    const garbage = Buffer.from('not a zstd frame at all');
    expect(() => inflater.inflate(garbage, garbage.length)).toThrow();
    const truncated = zlib.zstdCompressSync(lines(1, 50)).subarray(0, 40);
    expect(() => inflater.inflate(truncated, truncated.length)).toThrow();
    // The stream's error event comes a tick later and must not reach the process.
    await new Promise((resolve) => setImmediate(resolve));
    const raw = lines(2, 30);
    const block = zlib.zstdCompressSync(raw);
    expect(inflater.inflate(block, block.length).equals(raw)).toBe(true);
    expect(inflater.reusesContext).toBe(true);
  });

  it('inflates a block larger than its buffer, and one that fills it exactly', () => {
    const inflater = new BlockInflater(4096);
    const large = lines(3, 400);
    const block = zlib.zstdCompressSync(large);
    expect(inflater.inflate(block, block.length).equals(large)).toBe(true);
    const exact = Buffer.alloc(4096, 'a');
    const exactBlock = zlib.zstdCompressSync(exact);
    expect(inflater.inflate(exactBlock, exactBlock.length).equals(exact)).toBe(true);
    const small = lines(4, 3);
    const smallBlock = zlib.zstdCompressSync(small);
    expect(inflater.inflate(smallBlock, smallBlock.length).equals(small)).toBe(true);
  });
});
