import { CONVERSION_UPLOAD_MAX_CHARS, CONVERSION_UPLOAD_MAX_LINES } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import {
  conversionLineCount,
  describeLineCount,
  linesNumbered,
  uploadFileProblem,
  uploadTextProblem,
} from './uploadText.ts';

describe('upload text', () => {
  it('counts the lines the server reads as conversions: not empty, not comments', () => {
    const text = '# header\r\nabc:payout=1\n\n   \n  # note\nxyz\n';
    expect(conversionLineCount(text)).toBe(2);
    expect(describeLineCount(text)).toBe('2 conversions to upload.');
    expect(describeLineCount('abc')).toBe('1 conversion to upload.');
    expect(describeLineCount('# only a comment')).toBe('No conversions yet.');
  });

  it('tells the line and size limits before sending', () => {
    const lines = Array.from({ length: CONVERSION_UPLOAD_MAX_LINES }, (_, index) => `c${index}`);
    expect(uploadTextProblem(lines.join('\n'))).toBeUndefined();
    // Comments do not count towards the limit.
    expect(uploadTextProblem([...lines, '# done'].join('\n'))).toBeUndefined();
    expect(uploadTextProblem([...lines, 'one more'].join('\n'))).toBe(
      '10,001 lines: at most 10,000 lines at once. Upload it in parts.',
    );
    expect(uploadTextProblem('x'.repeat(CONVERSION_UPLOAD_MAX_CHARS + 1))).toBe(
      '1,000,001 characters: at most 1,000,000 characters at once. Upload it in parts.',
    );
  });

  it('refuses to read a file that cannot fit one upload', () => {
    expect(uploadFileProblem({ name: 'small.txt', size: 10_000 })).toBeUndefined();
    expect(uploadFileProblem({ name: 'huge.csv', size: 52_400_000 })).toBe(
      '“huge.csv” is 52.4 MB: at most 1,000,000 characters go in one upload. Split it in parts.',
    );
  });

  it('keeps the lines with these numbers, counted as the server counts them', () => {
    expect(linesNumbered('a\r\n# c\nb\n\nd', new Set([1, 5]))).toBe('a\nd');
  });
});
