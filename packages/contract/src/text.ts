// Text that is always well-formed UTF-16. A value cut at a fixed number of UTF-16 units can end in
// half of a surrogate pair (an emoji split in two); encodeURIComponent throws on such a lone
// surrogate, and UTF-8 cannot store it. Every length cap goes through `truncateText` and every URL
// encoding of a value through `encodeText`.

/** At most `maxUnits` UTF-16 units of `value`, never ending inside a surrogate pair. */
export function truncateText(value: string, maxUnits: number): string {
  if (value.length <= maxUnits) return value;
  const cut = value.charCodeAt(maxUnits - 1);
  // A high surrogate as the last unit kept: its pair starts beyond the cut, so it goes too.
  const end = cut >= 0xd800 && cut <= 0xdbff ? maxUnits - 1 : maxUnits;
  return value.slice(0, Math.max(end, 0));
}

/** encodeURIComponent that never throws: a lone surrogate is encoded as U+FFFD. */
export function encodeText(value: string): string {
  return encodeURIComponent(value.isWellFormed() ? value : value.toWellFormed());
}
