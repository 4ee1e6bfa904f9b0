import { describe, expect, it } from 'vitest';
import { CommitPacer } from './commitPacer.ts';

/** A pacer on a clock the test moves, with the defaults: batches of 32, a wait of at most 1 ms. */
function pacerAt() {
  const clock = { ms: 1000 };
  const pacer = new CommitPacer({ now: () => clock.ms });
  /** `count` clicks, one batch each, `gapMs` apart: the rate the pacer then knows. */
  const arrive = (count: number, gapMs: number) => {
    for (let index = 0; index < count; index += 1) {
      clock.ms += gapMs;
      pacer.staged(1);
    }
  };
  return { clock, pacer, arrive };
}

describe('CommitPacer', () => {
  it('never holds a click back while clicks come slowly (2,000 a second)', () => {
    const { pacer, arrive } = pacerAt();
    arrive(100, 0.5);
    expect(pacer.shouldWait(1)).toBe(false);
  });

  it('holds a small batch while clicks come fast (30,000 a second), until it is full', () => {
    const { clock, pacer, arrive } = pacerAt();
    arrive(1000, 1 / 30);
    expect(pacer.shouldWait(1)).toBe(true);
    for (let size = 2; size < 32; size += 1) {
      clock.ms += 0.01;
      pacer.staged(size);
      expect(pacer.shouldWait(size)).toBe(true);
    }
    pacer.staged(32);
    expect(pacer.shouldWait(32)).toBe(false);
  });

  it('holds a batch at most a millisecond, however few clicks came meanwhile', () => {
    const { clock, pacer, arrive } = pacerAt();
    arrive(1000, 1 / 30);
    clock.ms += 0.99;
    expect(pacer.shouldWait(3)).toBe(true);
    clock.ms += 0.02;
    expect(pacer.shouldWait(3)).toBe(false);
  });

  it('stops holding batches back once the rush is over', () => {
    const { clock, pacer, arrive } = pacerAt();
    arrive(1000, 1 / 30);
    expect(pacer.shouldWait(1)).toBe(true);
    clock.ms += 5000;
    pacer.staged(1);
    expect(pacer.shouldWait(1)).toBe(false);
  });

  it('waits from 16,000 clicks a second: half a batch due within the wait', () => {
    const below = pacerAt();
    below.arrive(1000, 1 / 15);
    expect(below.pacer.shouldWait(1)).toBe(false);
    const above = pacerAt();
    above.arrive(1000, 1 / 17);
    expect(above.pacer.shouldWait(1)).toBe(true);
  });

  it('keeps the event loop polling for 0.3 ms after a commit in a rush, not after', () => {
    const { clock, pacer, arrive } = pacerAt();
    arrive(1000, 1 / 30);
    expect(pacer.shouldPoll(0)).toBe(false);
    pacer.committed();
    expect(pacer.shouldPoll(0)).toBe(true);
    clock.ms += 0.29;
    expect(pacer.shouldPoll(0)).toBe(true);
    clock.ms += 0.02;
    expect(pacer.shouldPoll(0)).toBe(false);
  });

  it('never polls while clicks come slowly, or while a click is staged', () => {
    const slow = pacerAt();
    slow.arrive(100, 0.5);
    slow.pacer.committed();
    expect(slow.pacer.shouldPoll(0)).toBe(false);
    const rush = pacerAt();
    rush.arrive(1000, 1 / 30);
    rush.pacer.committed();
    expect(rush.pacer.shouldPoll(1)).toBe(false);
  });
});
