import { CONVERSION_UPLOAD_MAX_CHARS, CONVERSION_UPLOAD_MAX_LINES } from '@cairn/contract';

// The upload's text as the server reads it (one conversion per line; empty lines and # comments are
// skipped), so the limits are told before anything is sent.

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The lines that are conversions: neither empty nor a comment. */
export function conversionLineCount(text: string): number {
  let lines = 0;
  for (const line of text.split(/\r?\n/)) {
    const content = line.trim();
    if (content !== '' && !content.startsWith('#')) lines++;
  }
  return lines;
}

/** Why this text cannot be sent as it is, or undefined when it can. */
export function uploadTextProblem(text: string): string | undefined {
  if (text.length > CONVERSION_UPLOAD_MAX_CHARS) {
    return `${count(text.length, 'character', 'characters')}: at most ${count(CONVERSION_UPLOAD_MAX_CHARS, 'character', 'characters')} at once. Upload it in parts.`;
  }
  const lines = conversionLineCount(text);
  if (lines > CONVERSION_UPLOAD_MAX_LINES) {
    return `${count(lines, 'line', 'lines')}: at most ${count(CONVERSION_UPLOAD_MAX_LINES, 'line', 'lines')} at once. Upload it in parts.`;
  }
  return undefined;
}

/** A file too large to be one upload is not read at all: UTF-8 takes at most 4 bytes a character. */
export function uploadFileProblem(file: { name: string; size: number }): string | undefined {
  if (file.size <= CONVERSION_UPLOAD_MAX_CHARS * 4) return undefined;
  const megabytes = (file.size / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 });
  return `“${file.name}” is ${megabytes} MB: at most ${count(CONVERSION_UPLOAD_MAX_CHARS, 'character', 'characters')} go in one upload. Split it in parts.`;
}

/** The lines of `text` with these 1-based numbers (the refused ones), to fix and send again. */
export function linesNumbered(text: string, numbers: ReadonlySet<number>): string {
  return text
    .split(/\r?\n/)
    .filter((_, index) => numbers.has(index + 1))
    .join('\n');
}

export function describeLineCount(text: string): string {
  const lines = conversionLineCount(text);
  return lines === 0 ? 'No conversions yet.' : `${count(lines, 'conversion', 'conversions')} to upload.`;
}
