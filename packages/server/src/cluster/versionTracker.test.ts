import { describe, expect, it } from 'vitest';
import { VersionTracker } from './versionTracker.ts';

describe('VersionTracker', () => {
  it('follows notifications that arrive one after another', () => {
    const tracker = new VersionTracker(10);
    expect(tracker.received(11)).toBe('next');
    expect(tracker.received(12)).toBe('next');
    expect(tracker.version).toBe(12);
    expect(tracker.received(12)).toBe('seen');
    expect(tracker.received(5)).toBe('seen');
    expect(tracker.version).toBe(12);
  });

  it('reports a skipped version as a gap', () => {
    const tracker = new VersionTracker(3);
    expect(tracker.received(5)).toBe('gap');
    expect(tracker.version).toBe(5);
    expect(tracker.received(6)).toBe('next');
  });

  it('leaves a notification one poll to arrive before calling it lost', () => {
    const tracker = new VersionTracker(0);
    // The counter moved before its notification arrived: not yet a gap.
    expect(tracker.polled(1)).toBe(false);
    expect(tracker.received(1)).toBe('next');
    expect(tracker.polled(1)).toBe(false);
    expect(tracker.polled(2)).toBe(false);
    // Version 2 was in the database a whole poll ago and never arrived.
    expect(tracker.polled(2)).toBe(true);
  });

  it('asks for a resync when the counter goes backwards', () => {
    const tracker = new VersionTracker(0);
    expect(tracker.received(1)).toBe('next');
    expect(tracker.received(2)).toBe('next');
    expect(tracker.polled(2)).toBe(false);
    expect(tracker.polled(0)).toBe(true);
  });

  it('starts over from the version a resync read', () => {
    const tracker = new VersionTracker(0);
    tracker.polled(4);
    tracker.reset(4);
    expect(tracker.version).toBe(4);
    // No stale poll is held against it.
    expect(tracker.polled(4)).toBe(false);
    expect(tracker.polled(4)).toBe(false);
    expect(tracker.received(5)).toBe('next');
  });
});
