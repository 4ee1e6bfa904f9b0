import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FONT_SETTINGS_DEBOUNCE_MS } from './constants.ts';
import { debounce } from './debounce.ts';

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once with the latest arguments after 150 ms of quiet by default', () => {
    const calls: number[] = [];
    const debounced = debounce((value: number) => calls.push(value));
    debounced(1);
    vi.advanceTimersByTime(FONT_SETTINGS_DEBOUNCE_MS - 1);
    debounced(2);
    vi.advanceTimersByTime(FONT_SETTINGS_DEBOUNCE_MS - 1);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([2]);
  });

  it('can be cancelled or flushed', () => {
    const calls: string[] = [];
    const debounced = debounce((value: string) => calls.push(value), 50);
    debounced('dropped');
    debounced.cancel();
    vi.runAllTimers();
    debounced('now');
    debounced.flush();
    expect(calls).toEqual(['now']);
    vi.runAllTimers();
    expect(calls).toEqual(['now']);
  });
});
