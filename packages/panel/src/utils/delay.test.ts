import { afterEach, describe, expect, it, vi } from 'vitest';
import { delay, delayMs } from './delay.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('delay', () => {
  it('waits 500 ms by default', async () => {
    vi.useFakeTimers();
    const done = vi.fn();
    void delay().then(done);
    await vi.advanceTimersByTimeAsync(499);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledOnce();
  });

  it('picks a random delay between 1000 and 3000 ms', () => {
    expect(delayMs('random', () => 0)).toBe(1000);
    expect(delayMs('random', () => 0.5)).toBe(2000);
    expect(delayMs('random', () => 0.9999999)).toBe(3000);
    expect(delayMs(250)).toBe(250);
    expect(delayMs(-5)).toBe(0);
  });

  it('stops early when aborted', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const pending = delay(10_000, controller.signal);
    controller.abort(new Error('left the page'));
    await expect(pending).rejects.toThrow('left the page');
  });
});
