import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { CHANNEL_TOLERANCE, compareScreenshots } from './screenshotComparator.ts';

// The default scheme's light accent and the next shade of the same blue: the mutation a reviewer found
// passing every baseline under Vitest's default comparator.
const ACCENT = [0x25, 0x63, 0xeb];
const NEXT_SHADE = [0x1d, 0x4e, 0xd8];

function baseline() {
  const file = new URL(
    '../packages/ui/src/Button/__screenshots__/Button/Variants-1-chromium-linux.png',
    import.meta.url,
  );
  const png = PNG.sync.read(readFileSync(file));
  return { metadata: { width: png.width, height: png.height }, data: png.data };
}

function recolour(image: ReturnType<typeof baseline>, from: number[], to: number[]) {
  const data = Buffer.from(image.data);
  let count = 0;
  for (let offset = 0; offset < data.length; offset += 4) {
    if (data[offset] === from[0] && data[offset + 1] === from[1] && data[offset + 2] === from[2]) {
      data.set(to, offset);
      count++;
    }
  }
  return { image: { metadata: image.metadata, data }, count };
}

describe('the screenshot comparator', () => {
  it('passes the same picture', () => {
    const image = baseline();
    expect(compareScreenshots(image, baseline())).toMatchObject({ pass: true, mismatchedPixels: 0 });
  });

  it('fails when the accent moves one shade, naming how many pixels changed', () => {
    const image = baseline();
    const { image: mutated, count } = recolour(image, ACCENT, NEXT_SHADE);
    // The baseline draws solid accent buttons: the mutation must have something to change.
    expect(count).toBeGreaterThan(100);
    const result = compareScreenshots(image, mutated, { createDiff: true });
    expect(result.pass).toBe(false);
    expect(result.mismatchedPixels).toBe(count);
    expect(result.message).toContain(`${count} pixels changed colour`);
    expect(result.diff?.length).toBe(image.data.length);
  });

  it('takes a rounding step for the same colour, and a different size for a failure', () => {
    const image = baseline();
    const nudged = Buffer.from(image.data);
    nudged[0] = Math.min(255, (nudged[0] ?? 0) + CHANNEL_TOLERANCE);
    expect(compareScreenshots(image, { metadata: image.metadata, data: nudged }).pass).toBe(true);
    const cropped = {
      metadata: { width: image.metadata.width - 1, height: image.metadata.height },
      data: image.data,
    };
    expect(compareScreenshots(image, cropped)).toMatchObject({ pass: false });
  });
});
