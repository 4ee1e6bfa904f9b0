import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, csvUnguard, parseCsv } from './csv.ts';

describe('CSV', () => {
  it('reads back what it writes: quotes, delimiters, line breaks and formulas', () => {
    const cells = [
      'plain',
      'with, comma',
      'with "quotes"',
      'two\r\nlines',
      '=HYPERLINK("x")',
      '-12.5',
      '',
      'ünï',
    ];
    const text = csvRow(cells) + csvRow(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    const records = parseCsv(`\ufeff${text}`);
    expect(records.map((record) => record.cells.map(csvUnguard))).toEqual([
      cells,
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'],
    ]);
    // The second record starts on the file's third line: the first held a line break.
    expect(records.map((record) => record.line)).toEqual([1, 3]);
    // A formula is made inert for spreadsheets, a plain number is not.
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-3')).toBe('-3');
  });

  it('takes the delimiter from the first line: comma, semicolon or tab', () => {
    expect(parseCsv('Name;URL\n"A;B";https://x/\n').map((record) => record.cells)).toEqual([
      ['Name', 'URL'],
      ['A;B', 'https://x/'],
    ]);
    expect(parseCsv('Name\tURL\nA\thttps://x/').map((record) => record.cells)).toEqual([
      ['Name', 'URL'],
      ['A', 'https://x/'],
    ]);
    expect(parseCsv('Name,Notes\nA,"x;y"\n').map((record) => record.cells)).toEqual([
      ['Name', 'Notes'],
      ['A', 'x;y'],
    ]);
  });

  it('skips blank lines, keeps a quoted empty line, and names the line of a quote left open', () => {
    expect(parseCsv('A\n\n\nB\n""\n').map((record) => [record.line, record.cells])).toEqual([
      [1, ['A']],
      [4, ['B']],
      [5, ['']],
    ]);
    expect(() => parseCsv('Name,Notes\nA,"open\nstill open')).toThrow(
      'Line 2: a quote opened here is never closed',
    );
  });
});
