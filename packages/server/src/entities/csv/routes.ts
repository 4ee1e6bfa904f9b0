import { Readable } from 'node:stream';
import {
  type CsvReferenceKind,
  csvRow,
  csvUnguard,
  ENTITY_CSV_COLUMNS,
  ENTITY_CSV_ID_HEADER,
  type EntityCsvColumn,
  type EntityCsvImportResponse,
  type EntityCsvKind,
  entityCsvImportRequestSchema,
  entityCsvPath,
  parseCsv,
} from '@cairn/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserWithSecrets } from '../../auth/users.ts';
import { HttpError, parseInput, validationError } from '../../http.ts';
import { type EntityDefinition, inputOf } from '../definition.ts';
import { describeRefusal, LineError } from '../lineImport.ts';
import { messageValue } from '../messageText.ts';
import type { EntityRepository } from '../repository.ts';
import type { KindRouteEnv } from '../routeContext.ts';
import type { EntityService } from '../service.ts';
import { Params, scopeSql } from '../sqlParts.ts';
import { type Names, pathSafe, readCell, readFlow, writeCell } from './cells.ts';

// The entity lists as CSV (issue #47): GET /api/{kind}/csv writes the whole list its query selects (the
// list's own filters, search and sort, every page), streamed page by page; POST reads such a file back,
// one outcome per line. Every write goes through the entity service, so each line is checked, scoped and
// audited as the kind's form would be.

const EXPORT_PAGE = 1000;

type NamedKind = CsvReferenceKind | 'landing';

/** The groups a kind's Group column names. */
const GROUP_KIND: Partial<Record<EntityCsvKind, string>> = {
  offer: 'offer',
  landing: 'landing',
  campaign: 'campaign',
};

/** The kinds a kind's cells name: its reference columns', and a campaign's flow's offers and landers. */
function namedKinds(kind: EntityCsvKind): NamedKind[] {
  const kinds = new Set<NamedKind>();
  for (const column of ENTITY_CSV_COLUMNS[kind]) {
    if (typeof column.codec === 'object') kinds.add(column.codec.ref);
    if (column.codec === 'pathOffers') kinds.add('offer');
    if (column.codec === 'pathLanders') kinds.add('landing');
  }
  return [...kinds];
}

/** Every item of the named kinds the caller may read (archived ones too), by id and by lowercase name. */
async function namesFor(
  service: EntityService,
  entities: EntityRepository,
  user: UserWithSecrets,
  kind: EntityCsvKind,
): Promise<Names> {
  const rows = new Map<NamedKind, { id: number; name: string }[]>();
  for (const named of namedKinds(kind)) {
    const definition = entities.definition(named);
    const scope = definition ? await service.readScope(user, named) : false;
    if (!definition || scope === false) {
      rows.set(named, []);
      continue;
    }
    const params = new Params();
    const nameColumn = named === 'domain' ? 'host' : 'name';
    const groupKind = named === 'group' ? GROUP_KIND[kind] : undefined;
    const condition = groupKind ? `t.kind = ${params.add(groupKind)}` : 'TRUE';
    const found = await service.store.query<{ id: number; name: string }>(
      `SELECT t.id, t.${nameColumn} AS name FROM ${definition.table} t WHERE ${condition} AND ${scopeSql(scope, params)}`,
      params.values,
    );
    rows.set(
      named,
      found.map((row) => ({ id: Number(row.id), name: String(row.name) })),
    );
  }
  const byName = new Map<NamedKind, Map<string, number[]>>();
  const byId = new Map<NamedKind, Map<number, string>>();
  for (const [named, list] of rows) {
    const names = new Map<string, number[]>();
    for (const row of list) {
      const key = row.name.trim().toLowerCase();
      names.set(key, [...(names.get(key) ?? []), row.id]);
    }
    byName.set(named, names);
    byId.set(named, new Map(list.map((row) => [row.id, row.name])));
  }
  const noun = (named: NamedKind) =>
    named === 'group'
      ? 'Group'
      : named === 'landing'
        ? 'Lander'
        : named.replace('_', ' ').replace(/^./, (c) => c.toUpperCase());
  return {
    nameOf(named, id) {
      const name = byId.get(named)?.get(id);
      if (name === undefined) return String(id);
      const unique = byName.get(named)?.get(name.trim().toLowerCase())?.length === 1;
      const readsBack =
        !/^\d+$/.test(name.trim()) && (named === 'offer' || named === 'landing' ? pathSafe(name) : true);
      return unique && readsBack ? name : String(id);
    },
    idOf(named, text) {
      const ids = byId.get(named);
      if (/^\d+$/.test(text) && ids?.has(Number(text))) return Number(text);
      const found = byName.get(named)?.get(text.trim().toLowerCase()) ?? [];
      if (found.length === 1 && found[0] !== undefined) return found[0];
      if (found.length > 1) {
        throw new LineError(
          `${noun(named)} "${messageValue(text)}" is ambiguous: give its id (${found.join(', ')})`,
        );
      }
      throw new LineError(`${noun(named)} "${messageValue(text)}" not found`);
    },
  };
}

/** The file's columns from its header line; an unknown or repeated header refuses the whole file. */
function columnsOf(kind: EntityCsvKind, header: readonly string[]): (EntityCsvColumn | 'id')[] {
  const known = new Map<string, EntityCsvColumn | 'id'>([[ENTITY_CSV_ID_HEADER.toLowerCase(), 'id']]);
  for (const column of ENTITY_CSV_COLUMNS[kind]) known.set(column.header.toLowerCase(), column);
  const seen = new Set<string>();
  const problems: string[] = [];
  const columns = header.map((cell) => {
    const name = csvUnguard(cell.trim()).toLowerCase();
    const column = known.get(name);
    if (!column) problems.push(`"${messageValue(cell)}" is not a column`);
    else if (seen.has(name)) problems.push(`"${messageValue(cell)}" is there twice`);
    seen.add(name);
    return column ?? 'id';
  });
  if (problems.length > 0) {
    const expected = [ENTITY_CSV_ID_HEADER, ...ENTITY_CSV_COLUMNS[kind].map((column) => column.header)];
    throw validationError([
      {
        message: `Line 1: ${problems.join('; ')}. The columns are: ${expected.join(', ')}`,
        detail: { field: 'text' },
      },
    ]);
  }
  return columns;
}

interface ReadLine {
  line: number;
  id: number | null;
  /** The fields the line sets (flow included when its cells set it). */
  values: Record<string, unknown>;
}

/** A line's id and the fields its cells set. */
function readLine(
  columns: readonly (EntityCsvColumn | 'id')[],
  cells: readonly string[],
  names: Names,
): { id: number | null; values: Record<string, unknown> } {
  if (cells.length > columns.length) {
    throw new LineError(`${cells.length} cells where the header has ${columns.length}`);
  }
  let id: number | null = null;
  const values: Record<string, unknown> = {};
  const flowCells: Record<string, string> = {};
  for (const [index, column] of columns.entries()) {
    const text = csvUnguard((cells[index] ?? '').trim());
    if (column === 'id') {
      if (text !== '' && !/^\d+$/.test(text)) throw new LineError(`ID "${messageValue(text)}" is not an id`);
      id = text === '' ? null : Number(text);
      continue;
    }
    if (column.field === 'flow') {
      flowCells[column.codec === 'json' ? 'json' : column.codec === 'pathOffers' ? 'offers' : 'landers'] =
        text;
      continue;
    }
    const value = readCell(column, text, names);
    if (value !== undefined) values[column.field] = value;
  }
  const flow =
    (flowCells.json ?? '') !== ''
      ? readCell({ header: 'Flow', field: 'flow', codec: 'json', note: '' }, flowCells.json ?? '', names)
      : readFlow(flowCells.offers ?? '', flowCells.landers ?? '', names);
  // A rotation and a flow exclude each other: whichever the line names, the other goes.
  if (flow !== null) {
    values.flow = flow;
    if (values.rotationId === null || values.rotationId === undefined) values.rotationId = null;
  } else if (typeof values.rotationId === 'number') values.flow = null;
  return { id, values };
}

function attachmentName(kind: string, now: number): string {
  return `cairn-${kind.replaceAll('_', '-')}-${new Date(now).toISOString().slice(0, 10)}.csv`;
}

export function registerEntityCsv(kind: EntityCsvKind) {
  return (app: FastifyInstance, { context, entities, now }: KindRouteEnv): void => {
    const definition = entities.definition(kind);
    if (!definition) return;
    const columns = ENTITY_CSV_COLUMNS[kind];

    app.get(entityCsvPath(kind), async (request, reply) => {
      const user = await context.authorized(request, kind, 'read');
      const list = await context.listRequest(request, definition, user);
      const names = await namesFor(context.service, entities, user, kind);
      const env = await context.presentEnv(request);
      async function* lines() {
        yield `\ufeff${csvRow([ENTITY_CSV_ID_HEADER, ...columns.map((column) => column.header)])}`;
        for (let page = 1; ; page += 1) {
          const { items } = await context.service.list(
            definition as EntityDefinition,
            { ...list, page, pageSize: EXPORT_PAGE },
            env,
          );
          let text = '';
          for (const item of items) {
            text += csvRow([String(item.id), ...columns.map((column) => writeCell(column, item, names))]);
          }
          if (text) yield text;
          if (items.length < EXPORT_PAGE) return;
        }
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${attachmentName(kind, now())}"`)
        .send(Readable.from(lines()));
    });

    app.post(entityCsvPath(kind), async (request): Promise<EntityCsvImportResponse> => {
      const user = await context.authorized(request, kind, 'write');
      const { text } = parseInput(entityCsvImportRequestSchema, request.body);
      let records: ReturnType<typeof parseCsv>;
      try {
        records = parseCsv(text);
      } catch (error) {
        throw validationError([{ message: (error as Error).message, detail: { field: 'text' } }]);
      }
      const [header, ...rows] = records;
      if (!header)
        throw validationError([{ message: 'The file has no header line', detail: { field: 'text' } }]);
      const fileColumns = columnsOf(kind, header.cells);
      const names = await namesFor(context.service, entities, user, kind);
      const result: EntityCsvImportResponse = { created: [], updated: [], errors: [] };
      const lines: ReadLine[] = [];
      for (const row of rows) {
        try {
          lines.push({ line: row.line, ...readLine(fileColumns, row.cells, names) });
        } catch (error) {
          if (!(error instanceof LineError)) throw error;
          result.errors.push({ line: row.line, message: error.message });
        }
      }
      const env = await context.presentEnv(request);
      const creates = lines.filter((line) => line.id === null);
      const outcomes = await context.service.createMany(
        user,
        definition,
        creates.map((line) => line.values),
        env,
      );
      for (const [n, line] of creates.entries()) {
        const outcome = outcomes[n];
        if (outcome?.ok)
          result.created.push({
            line: line.line,
            id: Number(outcome.item.id),
            name: String(outcome.item.name),
          });
        else if (outcome) result.errors.push({ line: line.line, message: describeRefusal(outcome.error) });
      }
      for (const line of lines) {
        if (line.id === null) continue;
        try {
          const item = await update(request, context, entities, definition, line.id, line.values, env);
          result.updated.push({ line: line.line, id: line.id, name: String(item.name) });
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          result.errors.push({ line: line.line, message: describeRefusal(error) });
        }
      }
      result.errors.sort((a, b) => a.line - b.line);
      return result;
    });
  };
}

/** One line's update: the item as it is, with the fields the line sets, through the kind's full update. */
async function update(
  request: FastifyRequest,
  context: KindRouteEnv['context'],
  entities: EntityRepository,
  definition: EntityDefinition,
  id: number,
  values: Record<string, unknown>,
  env: Awaited<ReturnType<KindRouteEnv['context']['presentEnv']>>,
): Promise<Record<string, unknown>> {
  const user = await context.authorized(request, definition.kind, 'write', id);
  const record = await entities.find(context.service.store, definition, id);
  if (!record) throw new HttpError(404, { message: `No ${definition.noun} ${id}` });
  const input = { ...inputOf(definition, record), ...values };
  return context.service.replace(user, definition, id, input, env);
}
