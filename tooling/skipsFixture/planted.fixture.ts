import { describe, expect, it } from 'vitest';

describe('planted', () => {
  it('runs', () => {
    expect(1 + 1).toBe(2);
  });

  it.skip('is skipped on purpose', () => {
    expect(true).toBe(false);
  });
});
