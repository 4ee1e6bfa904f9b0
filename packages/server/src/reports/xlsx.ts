import { REPORT_METRIC_COLUMNS, type ReportMetric, type ReportMetrics } from '@cairn/contract';
import { type CsvShape, type ExportRow, headLabels, metricValue } from './export.ts';
import { zipStream } from './zipStream.ts';

// The report's XLSX export: the same rows and columns as the CSV, as an Office Open XML workbook of one
// sheet. The sheet is written row by row into a streamed zip entry (zipStream.ts), so memory holds a
// chunk of rows whatever the report's size. Names are inline strings (no shared-string table, which
// would have to hold every distinct name before the sheet), metrics are numeric cells in the units the
// CSV uses (money in the base currency), formatted with the CSV's decimals.

/** What the store hands over: chunks of rows, then the total. */
export type ExportPart = { rows: readonly ExportRow[] } | { totals: ReportMetrics };

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'application/vnd.openxmlformats-officedocument';

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${OFFICE}.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${OFFICE}.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="${OFFICE}.spreadsheetml.styles+xml"/></Types>`;

const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK = `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Report" sheetId="1" r:id="rId1"/></sheets></workbook>`;

const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`;

/**
 * Cell styles by index: 0 plain, 1 bold (the head and the total's name), then one number format per
 * count of decimals the metric columns use, plain and bold.
 */
const DECIMALS = [...new Set(Object.values(REPORT_METRIC_COLUMNS).map((column) => column.decimals))].sort(
  (a, b) => a - b,
);
const numberFormat = (decimals: number) => (decimals === 0 ? '0' : `0.${'0'.repeat(decimals)}`);
const FIRST_CUSTOM_FORMAT = 164;
const numberStyle = (decimals: number, bold: boolean) => 2 + DECIMALS.indexOf(decimals) * 2 + (bold ? 1 : 0);

const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN}"><numFmts count="${DECIMALS.length}">${DECIMALS.map(
  (decimals, index) =>
    `<numFmt numFmtId="${FIRST_CUSTOM_FORMAT + index}" formatCode="${numberFormat(decimals)}"/>`,
).join(
  '',
)}</numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="${2 + DECIMALS.length * 2}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${DECIMALS.map(
  (_, index) =>
    `<xf numFmtId="${FIRST_CUSTOM_FORMAT + index}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="${FIRST_CUSTOM_FORMAT + index}" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>`,
).join(
  '',
)}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** The characters XML 1.0 cannot carry at all (control characters, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
/** A cell holds at most this many characters; a longer one makes Excel repair the file. */
const CELL_TEXT_LIMIT = 32_767;

export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, '')
    .slice(0, CELL_TEXT_LIMIT)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** A column's letters: 0 is A, 25 is Z, 26 is AA. */
export function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

function textCell(ref: string, text: string, bold: boolean): string {
  const style = bold ? ' s="1"' : '';
  return `<c r="${ref}" t="inlineStr"${style}><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
}

function metricCells(shape: CsvShape, rowNumber: number, metrics: ReportMetrics, bold: boolean): string {
  return shape.metrics
    .map((metric: ReportMetric, index) => {
      const value = metricValue(metric, metrics);
      if (value === null) return '';
      const style = numberStyle(REPORT_METRIC_COLUMNS[metric].decimals, bold);
      return `<c r="${columnName(shape.levels.length + index)}${rowNumber}" s="${style}"><v>${value}</v></c>`;
    })
    .join('');
}

async function* sheet(shape: CsvShape, parts: AsyncIterable<ExportPart>): AsyncGenerator<string> {
  const heads = headLabels(shape);
  // The head row stays in view while scrolling.
  yield `${XML_HEAD}<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData><row r="1">${heads
    .map((head, index) => textCell(`${columnName(index)}1`, head, true))
    .join('')}</row>`;
  let rowNumber = 1;
  for await (const part of parts) {
    let text = '';
    if ('rows' in part) {
      for (const row of part.rows) {
        rowNumber += 1;
        const names = shape.levels
          .map((_, index) => {
            const name = row.names[index];
            return name === undefined ? '' : textCell(`${columnName(index)}${rowNumber}`, name, false);
          })
          .join('');
        text += `<row r="${rowNumber}">${names}${metricCells(shape, rowNumber, row.metrics, false)}</row>`;
      }
    } else {
      rowNumber += 1;
      const name = shape.levels.length > 0 ? textCell(`A${rowNumber}`, 'Total', true) : '';
      text += `<row r="${rowNumber}">${name}${metricCells(shape, rowNumber, part.totals, true)}</row>`;
    }
    yield text;
  }
  yield '</sheetData></worksheet>';
}

/** The workbook's bytes, as the parts come. */
export function xlsxStream(
  shape: CsvShape,
  parts: AsyncIterable<ExportPart>,
  modified: Date,
): AsyncGenerator<Buffer> {
  const constant = (text: string) =>
    async function* () {
      yield text;
    };
  return zipStream(
    [
      { name: '[Content_Types].xml', content: constant(CONTENT_TYPES) },
      { name: '_rels/.rels', content: constant(ROOT_RELS) },
      { name: 'xl/workbook.xml', content: constant(WORKBOOK) },
      { name: 'xl/_rels/workbook.xml.rels', content: constant(WORKBOOK_RELS) },
      { name: 'xl/styles.xml', content: constant(STYLES) },
      { name: 'xl/worksheets/sheet1.xml', content: () => sheet(shape, parts) },
    ],
    modified,
  );
}
