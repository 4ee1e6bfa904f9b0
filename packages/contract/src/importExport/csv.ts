// CSV as spreadsheets write and read it (RFC 4180): the server's exports write it, its imports read it.

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** One cell: quoted when it must be, and text a spreadsheet would run as a formula made inert with a `'`. */
export function csvCell(text: string): string {
  const guarded = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** A cell's text as written before `csvCell` guarded it: the `'` it put before a formula taken off again. */
export function csvUnguard(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export const CSV_DELIMITERS = [',', ';', '\t'] as const;

/** The delimiter of a file: whichever of comma, semicolon and tab its first line has most of outside quotes. */
function delimiterOf(text: string): string {
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of CSV_DELIMITERS) {
    let count = 0;
    let quoted = false;
    for (const char of text) {
      if (char === '"') quoted = !quoted;
      else if (!quoted && (char === '\n' || char === '\r')) break;
      else if (!quoted && char === delimiter) count += 1;
    }
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

export interface CsvRecord {
  /** The file's line the record starts on (1-based), for per-line results. */
  line: number;
  cells: string[];
}

/**
 * The records of a CSV text (a byte-order mark and blank lines skipped), comma, semicolon or tab
 * delimited as its first line shows. Quoted cells may hold delimiters, quotes (doubled) and line breaks.
 * Throws on a quote left open, naming the line it opened on.
 */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.startsWith('\ufeff') ? input.slice(1) : input;
  const delimiter = delimiterOf(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let cellWasQuoted = false;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '' || cellWasQuoted) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
    cellWasQuoted = false;
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else quoted = false;
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell === '') {
      quoted = true;
      cellWasQuoted = true;
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
      cellWasQuoted = false;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else cell += char;
  }
  if (quoted) throw new Error(`Line ${recordLine}: a quote opened here is never closed`);
  if (cell !== '' || cells.length > 0 || cellWasQuoted) endRecord();
  return records;
}
