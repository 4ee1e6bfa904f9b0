import type { DimensionValue, ReportDimension } from '@cairn/contract';
import { z } from 'zod';
import type { Sql } from '../store/config/port.ts';
import type { EntityDimension } from './dimensions.ts';

// Display names of dimension values. Entity names come from the configuration store, one lookup per
// kind for the ids a report holds (the event store keeps ids only); rule and path names from the flow
// of the campaign or rotation that routed the click; the rest from the value itself.

export type NameOf = (dimension: ReportDimension, value: DimensionValue) => string;

const UNKNOWN = 'Unknown';
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const languages = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

function displayName(names: Intl.DisplayNames, code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

// Tables as the config-store migrations (002, 003) create them.
const ENTITY_TABLES: Record<EntityDimension, { table: string; noun: string }> = {
  campaign: { table: 'campaigns', noun: 'Campaign' },
  offer: { table: 'offers', noun: 'Offer' },
  landing: { table: 'landings', noun: 'Lander' },
  rotation: { table: 'rotations', noun: 'Rotation' },
  traffic_source: { table: 'traffic_sources', noun: 'Traffic source' },
  affiliate_network: { table: 'affiliate_networks', noun: 'Affiliate network' },
  group: { table: 'entity_groups', noun: 'Group' },
};

function isEntityDimension(dimension: ReportDimension): dimension is EntityDimension {
  return Object.hasOwn(ENTITY_TABLES, dimension);
}

const named = z.looseObject({ name: z.string().catch('') });
const flowNamesSchema = z.looseObject({
  defaultPaths: z.array(named).catch([]),
  rules: z.array(z.looseObject({ name: z.string().catch(''), paths: z.array(named).catch([]) })).catch([]),
});
type FlowNames = z.infer<typeof flowNamesSchema>;

function parseFlowNames(text: unknown): FlowNames | null {
  if (typeof text !== 'string' || text === '') return null;
  try {
    const parsed = flowNamesSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function ruleName(flow: FlowNames | undefined, rule: number): string {
  if (rule === 0) return 'Default paths';
  return flow?.rules[rule - 1]?.name || `Rule ${rule}`;
}

function pathName(flow: FlowNames | undefined, rule: number, path: number): string {
  const paths = rule === 0 ? flow?.defaultPaths : flow?.rules[rule - 1]?.paths;
  const name = path === 0 ? 'Unknown path' : paths?.[path - 1]?.name || `Path ${path}`;
  return `${ruleName(flow, rule)}: ${name}`;
}

function plainName(dimension: ReportDimension, value: DimensionValue): string {
  const text = String(value);
  switch (dimension) {
    case 'country':
      return text === '' ? UNKNOWN : displayName(regions, text);
    case 'language':
      return text === '' ? UNKNOWN : displayName(languages, text);
    case 'unique':
      return text === 'unique' ? 'Unique' : 'Not unique';
    case 'bot':
      return text === 'bot' ? 'Bot' : 'Human';
    case 'conversion_status':
      return text === '' ? 'No conversion' : text.charAt(0).toUpperCase() + text.slice(1);
    case 'day_of_week':
      return DAYS[Number(value) - 1] ?? text;
    case 'hour_of_day':
      return `${text.padStart(2, '0')}:00`;
    default:
      return text === '' ? UNKNOWN : text;
  }
}

/** Looks up every name the values need, then answers synchronously. */
export async function resolveNames(
  sql: Sql,
  wanted: ReadonlyMap<ReportDimension, ReadonlySet<DimensionValue>>,
): Promise<NameOf> {
  const entityNames = new Map<string, string>();
  const flows = new Map<string, FlowNames>();
  const owners = { c: new Set<number>(), r: new Set<number>() };

  // One round trip for every kind's names: a UNION of one lookup per kind.
  const lookups: string[] = [];
  for (const [dimension, values] of wanted) {
    if (isEntityDimension(dimension)) {
      const ids = [...values].map(Number).filter((id) => Number.isInteger(id) && id > 0);
      if (ids.length === 0) continue;
      lookups.push(
        `SELECT '${dimension}' AS kind, id, name FROM ${ENTITY_TABLES[dimension].table} WHERE id IN (${ids.join(', ')})`,
      );
    } else if (dimension === 'rule' || dimension === 'path') {
      for (const value of values) {
        const match = /^([cr])(\d+):/.exec(String(value));
        if (match) owners[match[1] as 'c' | 'r'].add(Number(match[2]));
      }
    }
  }
  if (lookups.length > 0) {
    const rows = await sql.query<{ kind: string; id: number; name: string }>(lookups.join(' UNION ALL '));
    for (const row of rows) entityNames.set(`${row.kind}:${Number(row.id)}`, String(row.name));
  }
  for (const [prefix, table] of [
    ['c', ENTITY_TABLES.campaign.table],
    ['r', ENTITY_TABLES.rotation.table],
  ] as const) {
    const ids = [...owners[prefix]];
    if (ids.length === 0) continue;
    const rows = await sql.query<{ id: number; flow: string | null }>(
      `SELECT id, flow FROM ${table} WHERE id IN (${ids.join(', ')})`,
    );
    for (const row of rows) {
      const flow = parseFlowNames(row.flow);
      if (flow) flows.set(`${prefix}${Number(row.id)}`, flow);
    }
  }

  return (dimension, value) => {
    if (isEntityDimension(dimension)) {
      const id = Number(value);
      if (id === 0) return 'None';
      return entityNames.get(`${dimension}:${id}`) ?? `${ENTITY_TABLES[dimension].noun} ${id} (deleted)`;
    }
    if (dimension === 'rule' || dimension === 'path') {
      const [owner = '', rule = '0', path = '0'] = String(value).split(':');
      const flow = flows.get(owner);
      return dimension === 'rule' ? ruleName(flow, Number(rule)) : pathName(flow, Number(rule), Number(path));
    }
    return plainName(dimension, value);
  };
}

/** The config-store table of an entity dimension. */
export function entityTable(dimension: EntityDimension): string {
  return ENTITY_TABLES[dimension].table;
}
