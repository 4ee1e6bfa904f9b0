import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadOnce } from './chunks.ts';

describe('loading a chunk once', () => {
  it('keeps a loaded chunk and asks again after a failure, saying what is missing', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(cause).mockResolvedValue('page');
    const page = loadOnce('page', load);
    const failure = await page().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChunkLoadError);
    expect(failure).toMatchObject({ message: 'The page could not be loaded', cause });
    await expect(page()).resolves.toBe('page');
    await expect(page()).resolves.toBe('page');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
