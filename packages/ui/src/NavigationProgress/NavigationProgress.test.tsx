import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavigationProgress } from './NavigationProgress.tsx';
import { createProgressStore, growthAt } from './progressStore.ts';

function bar() {
  return screen.queryByRole('progressbar', { name: 'Loading page' });
}

describe('NavigationProgress', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never appears for a navigation that resolves within 300 ms', () => {
    const store = createProgressStore();
    render(<NavigationProgress store={store} />);
    act(() => store.start());
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(bar()).toBeNull();
    act(() => store.done());
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(bar()).toBeNull();
  });

  it('appears after 300 ms, grows towards 75%, finishes to 100% over 400 ms, then fades and goes', () => {
    const store = createProgressStore();
    render(<NavigationProgress store={store} />);
    act(() => store.start());
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(bar()).toHaveAttribute('data-phase', 'growing');

    // Half-way through the 800 ms growth the bar has reached 37.5%; finishing starts there.
    act(() => {
      vi.advanceTimersByTime(400);
    });
    act(() => store.done());
    expect(bar()).toHaveAttribute('data-phase', 'finishing');
    expect(store.getSnapshot().from).toBe(37.5);

    act(() => {
      vi.advanceTimersByTime(399);
    });
    expect(bar()).toHaveAttribute('data-phase', 'finishing');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(bar()).toHaveAttribute('data-phase', 'fading');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(bar()).toBeNull();
  });

  it('keeps one bar when start() is called again mid-navigation', () => {
    const store = createProgressStore();
    render(<NavigationProgress store={store} />);
    act(() => store.start());
    act(() => {
      vi.advanceTimersByTime(200);
      store.start();
      vi.advanceTimersByTime(100);
    });
    expect(bar()).toHaveAttribute('data-phase', 'growing');
  });

  it('can restart while the previous bar is finishing', () => {
    const store = createProgressStore();
    act(() => {
      store.start();
      vi.advanceTimersByTime(1200);
      store.done();
      store.start();
    });
    expect(store.getSnapshot().phase).toBe('pending');
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(store.getSnapshot().phase).toBe('growing');
  });
});

describe('growthAt', () => {
  it('is linear up to 75% at 800 ms and stays there', () => {
    expect(growthAt(0)).toBe(0);
    expect(growthAt(200)).toBe(18.75);
    expect(growthAt(800)).toBe(75);
    expect(growthAt(5000)).toBe(75);
  });
});
