import {
  CSV_DIRECT_LANDER,
  type CsvReferenceKind,
  decimalToMicros,
  type EntityCsvColumn,
  microsToDecimal,
} from '@cairn/contract';
import { flag, LineError } from '../lineImport.ts';
import { messageValue } from '../messageText.ts';

// One cell of an entity CSV, each way: a stored value as the spreadsheet shows it, and a cell read back as
// the value the entity's input schema takes. Names of other entities go through `Names`, which knows what
// the caller may see.

/** Other entities by id and by name, as far as the caller may read them. */
export interface Names {
  /** The name to write for an id: the name, or the id itself when the name would not read back as that item. */
  nameOf(kind: CsvReferenceKind | 'landing', id: number): string;
  /** The id a cell names (a name, case-insensitive, or an id); throws a LineError when none or several match. */
  idOf(kind: CsvReferenceKind | 'landing', text: string): number;
}

/** A weight may follow the name after its last colon; a name ending so is written by id instead. */
const WEIGHTED = /^(.*?)(?::\s*(\d+))?$/s;
const PATH_SEPARATOR = '|';

/** Whether a name can stand in a path cell as itself (no separator, no trailing `:digits`). */
export function pathSafe(name: string): boolean {
  return !name.includes(PATH_SEPARATOR) && !/:\s*\d+$/.test(name) && name.trim() === name && name !== '';
}

type PathItem = { weight?: number; paused?: boolean; offerId?: number; landingId?: number | null };

function pathCell(items: readonly PathItem[], name: (item: PathItem) => string): string {
  return items.map((item) => `${name(item)}:${item.weight ?? 100}`).join(` ${PATH_SEPARATOR} `);
}

function readPath(text: string, what: string, resolve: (name: string) => number | null) {
  return text
    .split(PATH_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const [, name = '', weight] = WEIGHTED.exec(part) ?? [];
      if (name.trim() === '') throw new LineError(`${what} "${messageValue(part)}" names nothing`);
      return { id: resolve(name.trim()), weight: weight === undefined ? 100 : Number(weight) };
    });
}

/**
 * A campaign's flow as the Offers and Landers cells, when it is one plain path (no rules, one default
 * path, nothing paused); null when only the Flow cell can hold it.
 */
export function simplePath(flow: unknown): { offers: PathItem[]; landers: PathItem[] } | null {
  if (flow === null || typeof flow !== 'object') return null;
  const { defaultPaths, rules } = flow as { defaultPaths?: unknown[]; rules?: unknown[] };
  if ((rules?.length ?? 0) > 0 || defaultPaths?.length !== 1) return null;
  const path = defaultPaths[0] as {
    name?: string;
    paused?: boolean;
    weight?: number;
    offers?: PathItem[];
    landers?: PathItem[];
  };
  const items = [...(path.offers ?? []), ...(path.landers ?? [])];
  if (path.paused || (path.name ?? '') !== '' || items.some((item) => item.paused)) return null;
  return { offers: path.offers ?? [], landers: path.landers ?? [] };
}

/** A stored value as its cell. */
export function writeCell(column: EntityCsvColumn, record: Record<string, unknown>, names: Names): string {
  const value = record[column.field];
  const { codec } = column;
  if (codec === 'pathOffers' || codec === 'pathLanders') {
    const path = record.rotationId == null ? simplePath(value) : null;
    if (!path) return '';
    return codec === 'pathOffers'
      ? pathCell(path.offers, (item) => names.nameOf('offer', Number(item.offerId)))
      : pathCell(path.landers, (item) =>
          item.landingId == null ? CSV_DIRECT_LANDER : names.nameOf('landing', item.landingId),
        );
  }
  if (value === null || value === undefined) return '';
  if (codec === 'json') {
    // A flow the Offers and Landers cells already hold is not repeated.
    if (column.field === 'flow' && simplePath(value)) return '';
    return JSON.stringify(value);
  }
  if (codec === 'boolean') return value === true ? 'yes' : 'no';
  if (codec === 'money') return microsToDecimal(Number(value));
  if (typeof codec === 'object') return names.nameOf(codec.ref, Number(value));
  return String(value);
}

/**
 * A cell read back as the field's value; `undefined` for an empty cell that leaves the field alone. Flow
 * cells are read by `readFlow`, since three of them make one value.
 */
export function readCell(column: EntityCsvColumn, text: string, names: Names): unknown {
  const { codec, header } = column;
  if (text === '') {
    if (typeof codec === 'object' || column.nullable) return null;
    return undefined;
  }
  if (codec === 'text') return text;
  if (codec === 'boolean') return flag(text, header);
  if (codec === 'integer') {
    if (!/^-?\d+$/.test(text)) throw new LineError(`${header} "${messageValue(text)}" is not a whole number`);
    return Number(text);
  }
  if (codec === 'number') {
    const number = Number(text.replace(',', '.'));
    if (!Number.isFinite(number)) throw new LineError(`${header} "${messageValue(text)}" is not a number`);
    return number;
  }
  if (codec === 'money') {
    const micros = decimalToMicros(text);
    if (micros === null) {
      throw new LineError(`${header} "${messageValue(text)}" is not an amount such as 2.50`);
    }
    return micros;
  }
  if (codec === 'json') {
    try {
      return JSON.parse(text);
    } catch {
      throw new LineError(`${header} is not JSON: ${messageValue(text.slice(0, 80))}`);
    }
  }
  if (typeof codec === 'object') return names.idOf(codec.ref, text);
  return undefined;
}

/** The Offers and Landers cells as a flow of one path; null when both are empty. */
export function readFlow(offers: string, landers: string, names: Names): unknown {
  if (offers === '' && landers === '') return null;
  if (offers === '') throw new LineError('Landers without Offers: a path needs an offer');
  return {
    defaultPaths: [
      {
        offers: readPath(offers, 'Offers', (name) => names.idOf('offer', name)).map(({ id, weight }) => ({
          offerId: id,
          weight,
        })),
        landers: readPath(landers, 'Landers', (name) =>
          name.toLowerCase() === CSV_DIRECT_LANDER.toLowerCase() ? null : names.idOf('landing', name),
        ).map(({ id, weight }) => ({ landingId: id, weight })),
      },
    ],
    rules: [],
  };
}
