// The visual-regression comparator for every story. Vitest's default (pixelmatch at threshold 0.1, anti-
// aliased pixels ignored) lets a one-step change of a scheme's accent through: the difference between
// neighbouring shades is under its threshold, so a colour token could change and every baseline still pass.
// Baselines are rendered by one Chromium build with software rendering, which draws nearly the same pixels
// for the same page, so this comparator counts every pixel whose colour moved by more than the jitter of an
// anti-aliased edge.

/**
 * The largest difference in any channel (0-255) still taken for the same colour. Anti-aliased edges (a focus
 * ring's corners) jitter by a few levels from one render to the next on a busy machine; one step of a palette
 * moves a channel by far more, which the accent test in screenshotComparator.test.ts keeps true.
 */
export const CHANNEL_TOLERANCE = 8;

interface DecodedImage {
  readonly metadata: { readonly width: number; readonly height: number };
  readonly data: Uint8Array | Uint8ClampedArray | Buffer;
}

interface ComparatorOptions {
  readonly createDiff?: boolean;
  /** Pixels allowed to differ; none by default. */
  readonly allowedMismatchedPixels?: number;
}

export interface ComparisonResult {
  readonly pass: boolean;
  readonly diff: Uint8Array | null;
  readonly message: string | null;
  readonly mismatchedPixels: number;
}

// Greyed reference with the changed pixels in red, as pixelmatch draws its diff, so the attachment reads alike.
function paintDiff(
  diff: Uint8Array,
  reference: DecodedImage['data'],
  offset: number,
  changed: boolean,
): void {
  if (changed) {
    diff.set([255, 0, 0, 255], offset);
    return;
  }
  const luminance =
    0.299 * (reference[offset] ?? 0) +
    0.587 * (reference[offset + 1] ?? 0) +
    0.114 * (reference[offset + 2] ?? 0);
  const faded = 255 - 0.1 * (255 - luminance);
  diff.set([faded, faded, faded, 255], offset);
}

export function compareScreenshots(
  reference: DecodedImage,
  actual: DecodedImage,
  { createDiff = false, allowedMismatchedPixels = 0 }: ComparatorOptions = {},
): ComparisonResult {
  const { width, height } = reference.metadata;
  if (width !== actual.metadata.width || height !== actual.metadata.height) {
    return {
      pass: false,
      diff: null,
      mismatchedPixels: width * height,
      message: `Expected image dimensions to be ${width}×${height}px, but received ${actual.metadata.width}×${actual.metadata.height}px.`,
    };
  }
  const diff = createDiff ? new Uint8Array(reference.data.length) : null;
  let mismatchedPixels = 0;
  for (let offset = 0; offset < reference.data.length; offset += 4) {
    let changed = false;
    for (let channel = 0; channel < 4; channel++) {
      const delta = Math.abs((reference.data[offset + channel] ?? 0) - (actual.data[offset + channel] ?? 0));
      if (delta > CHANNEL_TOLERANCE) {
        changed = true;
        break;
      }
    }
    if (changed) mismatchedPixels++;
    if (diff) paintDiff(diff, reference.data, offset, changed);
  }
  const pass = mismatchedPixels <= allowedMismatchedPixels;
  return {
    pass,
    diff,
    mismatchedPixels,
    message: pass ? null : `${mismatchedPixels} pixels changed colour (of ${width * height}).`,
  };
}
