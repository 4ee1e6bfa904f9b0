import { describe, expect, it } from 'vitest';
import { linesHolding, PendingBlock } from './pendingBlock.ts';

const lineOf = (text: string) => Buffer.from(text);

describe('a pending archive block', () => {
  it('joins its lines in time order, as a block holds them, whatever order they came in', () => {
    const block = new PendingBlock(1, 0, 8);
    const lines: [number, string][] = [
      [30, '[1,30,"c","Zürich ✓"]'],
      [10, '[1,10,"a"]'],
      [20, '[1,20,"b"]'],
    ];
    for (const [time, text] of lines) {
      // Each from the middle of a bigger buffer, as lines come from a segment.
      const data = Buffer.concat([lineOf('xx\n'), lineOf(text), lineOf('\nyy')]);
      block.push(time, data, 3, 3 + Buffer.byteLength(text));
    }
    expect(block.count).toBe(3);
    expect([block.minTime, block.maxTime]).toEqual([10, 30]);
    expect(block.joined().toString()).toBe(['[1,10,"a"]', '[1,20,"b"]', '[1,30,"c","Zürich ✓"]'].join('\n'));
    expect(block.bytes).toBe(block.joined().length + 1);
  });

  it('grows past its first buffer and finds every line holding a needle', () => {
    const block = new PendingBlock(1, 0, 200);
    const texts = Array.from(
      { length: 200 },
      (_, index) => `[1,${index},"id-${index}","${'p'.repeat(900)}"]`,
    );
    for (const [index, text] of texts.entries()) block.push(index, lineOf(text), 0, text.length);
    expect(block.bytes).toBeGreaterThan(64 * 1024);
    expect([...block.linesHolding(lineOf(',"id-150",'))]).toEqual([texts[150]]);
    expect([...block.linesHolding(lineOf(',"id-0",'))]).toEqual([texts[0]]);
    expect([...block.linesHolding(lineOf(',"id-199",'))]).toEqual([texts[199]]);
    expect([...block.linesHolding(lineOf(',"nope",'))]).toEqual([]);
    expect(block.joined().toString()).toBe(texts.join('\n'));
  });

  it('finds lines in a block payload, whose last line has no newline, each line once', () => {
    const payload = lineOf('[1,"a","x,a,"]\n[2,"b"]\n[3,"a","a,"]');
    expect([...linesHolding(payload, lineOf('"a"'))]).toEqual(['[1,"a","x,a,"]', '[3,"a","a,"]']);
    expect([...linesHolding(payload, lineOf('a,'))]).toEqual(['[1,"a","x,a,"]', '[3,"a","a,"]']);
    expect([...linesHolding(payload, lineOf('[2'))]).toEqual(['[2,"b"]']);
    expect([...linesHolding(lineOf(''), lineOf('a'))]).toEqual([]);
  });
});
