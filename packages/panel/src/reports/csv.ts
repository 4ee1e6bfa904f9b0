// CSV of what a table shows: RFC 4180 (quoted where needed, CRLF), with a byte-order mark so spreadsheet
// programs read UTF-8, and text that a spreadsheet would run as a formula made inert.

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  // Names come from users and visitors (tokens, referrers): "=HYPERLINK(...)" must stay text. Plain
  // numbers written as text (money with fixed decimals, "-1.50") are not formulas and stay as they are.
  const guarded = FORMULA_START.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(cellText).join(',')).join('\r\n');
}

/** `report-campaign-12-2026-03-01.xlsx`: letters, digits and dashes only. */
export function exportFileName(extension: string, ...parts: (string | number)[]): string {
  const name = parts
    .map((part) => String(part).replace(/[^A-Za-z0-9-]+/g, '-'))
    .filter(Boolean)
    .join('-')
    .replace(/-+/g, '-');
  return `${name}.${extension}`;
}

/** `report-campaign-12-2026-03-01.csv`. */
export function csvFileName(...parts: (string | number)[]): string {
  return exportFileName('csv', ...parts);
}

/** Offers the CSV to the browser as a download. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([`\ufeff${csv}`], { type: 'text/csv;charset=utf-8' }));
  downloadFrom(url, fileName);
  // The download has its own copy once it started; the address is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads what the server answers at `address` (a CSV it writes itself), without reading it here. */
export function downloadFrom(address: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = address;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
