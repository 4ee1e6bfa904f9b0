import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FONT_LOAD_TIMEOUT_MS } from '../constants.ts';
import type { TokensLogger } from '../logger.ts';
import { loadFont } from './load.ts';

// Node has no FontFaceSet; these stand-ins answer `fonts.load` the ways a browser can.
function documentWithFonts(load: (descriptor: string) => Promise<unknown[]>) {
  return { fonts: { load } } as unknown as Document;
}

function recordingLogger() {
  const messages: string[] = [];
  const logger: TokensLogger = { warn: (message) => messages.push(message) };
  return { logger, messages };
}

describe('loadFont', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for all four weights and reports a loaded font', async () => {
    const requested: string[] = [];
    const doc = documentWithFonts(async (descriptor) => {
      requested.push(descriptor);
      return [{}];
    });
    await expect(loadFont('inter', { doc })).resolves.toBe('loaded');
    expect(requested).toEqual([
      "400 16px 'Inter'",
      "500 16px 'Inter'",
      "600 16px 'Inter'",
      "700 16px 'Inter'",
    ]);
  });

  it('reports a family with no face as unavailable without logging', async () => {
    const { logger, messages } = recordingLogger();
    const doc = documentWithFonts(async () => []);
    await expect(loadFont('liberation-mono', { doc, logger })).resolves.toBe('unavailable');
    expect(messages).toEqual([]);
  });

  it('logs a load timeout after 3000 ms and resolves instead of throwing', async () => {
    const { logger, messages } = recordingLogger();
    const doc = documentWithFonts(() => new Promise(() => {}));
    const result = loadFont('roboto', { doc, logger });
    await vi.advanceTimersByTimeAsync(FONT_LOAD_TIMEOUT_MS);
    await expect(result).resolves.toBe('timeout');
    expect(messages).toEqual(['Font Roboto did not load within 3000 ms']);
  });

  it('logs a load failure and resolves instead of throwing', async () => {
    const { logger, messages } = recordingLogger();
    const doc = documentWithFonts(() => Promise.reject(new Error('network')));
    await expect(loadFont('montserrat', { doc, logger })).resolves.toBe('failed');
    expect(messages).toEqual(['Font Montserrat failed to load']);
  });

  it('rejects and logs an invalid font id without touching the document', async () => {
    const { logger, messages } = recordingLogger();
    const doc = documentWithFonts(() => {
      throw new Error('must not be called');
    });
    await expect(loadFont('papyrus', { doc, logger })).resolves.toBe('invalid');
    expect(messages).toEqual(['Invalid font rejected']);
  });
});
