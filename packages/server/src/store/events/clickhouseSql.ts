import { EVENT_COLUMNS } from '../../events/columns.ts';
import type { TrackingEvent } from '../../events/event.ts';
import type { SqlParam } from './port.ts';

// Text the ClickHouse adapter sends: SQL with bound parameters, and the rows it inserts.
//
// ClickHouse 18.16 has no server-side query parameters (`{name:Type}` came in 19.x), so the `$1` params
// of the port are bound here as literals. Binding walks the text once and leaves anything inside
// string literals, quoted identifiers and comments alone, so a `$1` there is never replaced.

/** A ClickHouse literal for one parameter. */
export function literal(value: SqlParam): string {
  if (value === null) return 'NULL';
  switch (typeof value) {
    case 'boolean':
      return value ? '1' : '0';
    case 'bigint':
      return value.toString();
    case 'number':
      if (!Number.isFinite(value)) throw new Error(`Cannot bind ${value} as a ClickHouse literal`);
      return String(value);
    default:
      return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  }
}

/** Replaces `$1`..`$n` outside quotes and comments with the literals of `params`. */
export function bindParams(text: string, params: readonly SqlParam[]): string {
  if (params.length === 0) return text;
  let out = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    const quoteEnd = char === "'" || char === '"' || char === '`' ? closingQuote(text, index) : -1;
    if (quoteEnd >= 0) {
      out += text.slice(index, quoteEnd + 1);
      index = quoteEnd + 1;
      continue;
    }
    if (text.startsWith('--', index) || text.startsWith('/*', index)) {
      const close = text.startsWith('--', index) ? text.indexOf('\n', index) : text.indexOf('*/', index);
      const end = close < 0 ? text.length : close + (text.startsWith('/*', index) ? 2 : 0);
      out += text.slice(index, end);
      index = end;
      continue;
    }
    const match = char === '$' ? /^\$(\d+)/.exec(text.slice(index)) : null;
    if (match) {
      const position = Number(match[1]);
      if (position < 1 || position > params.length) {
        throw new Error(`Query uses $${position} but ${params.length} parameter(s) were given`);
      }
      out += literal(params[position - 1] as SqlParam);
      index += match[0].length;
      continue;
    }
    out += char;
    index += 1;
  }
  return out;
}

/** Index of the quote that closes the one at `start` (backslash escapes and doubled quotes). */
function closingQuote(text: string, start: number): number {
  const quote = text[start];
  let index = start + 1;
  while (index < text.length) {
    const char = text[index];
    if (char === '\\') {
      index += 2;
      continue;
    }
    if (char === quote) {
      if (text[index + 1] === quote) {
        index += 2;
        continue;
      }
      return index;
    }
    index += 1;
  }
  throw new Error('Unterminated quote in query');
}

/** Seconds since the epoch as a UTC DateTime expression. */
export function dateTime(ms: number): string {
  return `toDateTime(${Math.floor(ms / 1000)}, 'UTC')`;
}

/**
 * Events as TabSeparated lines in table column order: a third of the bytes of JSONEachRow and cheaper
 * to build and to parse. Times go as Unix seconds, which DateTime reads as such in every version.
 */
export function tsvOf(events: readonly TrackingEvent[]): string {
  let out = '';
  for (const event of events) {
    for (const column of EVENT_COLUMNS) {
      const value = column.get(event);
      if (column.type === 'text') out += escapeTsv(value as string);
      else if (column.type === 'time') out += Math.floor((value as number) / 1000);
      else if (column.type === 'flag') out += value ? '1' : '0';
      else out += Math.trunc(value as number);
      out += '\t';
    }
    out += `${msPart(event.time)}\t${msPart(event.clickTime)}\n`;
  }
  return out;
}

function escapeTsv(text: string): string {
  return /[\\\t\n]/.test(text)
    ? text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n')
    : text;
}

function msPart(ms: number): number {
  return ((Math.trunc(ms) % 1000) + 1000) % 1000;
}

/** click_ids rows (click_id, campaign_id, ts) of some clicks. */
export function clickIdsTsv(clicks: readonly TrackingEvent[]): string {
  return clicks
    .map((c) => `${escapeTsv(c.clickId)}\t${c.campaignId}\t${Math.floor(c.time / 1000)}\n`)
    .join('');
}
