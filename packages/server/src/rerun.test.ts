import { describe, expect, it } from 'vitest';
import { Rerun } from './rerun.ts';

/** A promise with its resolver, to hold a run mid-way. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe('Rerun', () => {
  it('keeps what the latest read saw, when the read before it is the slower one', async () => {
    let stored = 'first';
    let applied = '';
    const firstReadHeld = gate();
    let reads = 0;
    const reload = new Rerun(async () => {
      const read = stored;
      reads += 1;
      if (reads === 1) await firstReadHeld.promise;
      applied = read;
    });

    const first = reload.request();
    stored = 'second';
    const second = reload.request();
    stored = 'third';
    const third = reload.request();
    firstReadHeld.open();
    await Promise.all([first, second, third]);
    expect(applied).toBe('third');
    // The asks made during the first run were served by one more run, not one each.
    expect(reads).toBe(2);
  });

  it('runs again when asked after a run has ended, and passes a failure to the ask that saw it', async () => {
    let runs = 0;
    const rerun = new Rerun(async () => {
      runs += 1;
      if (runs === 2) throw new Error('store away');
    });
    await rerun.request();
    await expect(rerun.request()).rejects.toThrow('store away');
    await rerun.request();
    expect(runs).toBe(3);
  });
});
