import type { DimensionValue, ReportDimension } from '@cairn/contract';
import { z } from 'zod';
import type { EntityChanges } from '../entities/changes.ts';
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

/** Entries kept at most; past it the cache starts over (an installation has far fewer entities). */
const MAX_CACHED = 50_000;

interface Cached<T> {
  value: T;
  at: number;
}

/**
 * Entity names and flows (for rule and path names) by id, read from the configuration store and kept
 * for `ttlMs`: every report, list and click log page names the same few entities, and a lookup costs a
 * round trip. Following the entity change signal, any change forgets them all at once, so a rename
 * shows on the next answer; the TTL bounds what a change the signal missed could leave.
 */
export class EntityNames {
  private readonly sql: Sql;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly names = new Map<string, Cached<string>>();
  private readonly flows = new Map<string, Cached<FlowNames | null>>();

  constructor(sql: Sql, ttlMs = 0, now: () => number = Date.now) {
    this.sql = sql;
    this.ttlMs = ttlMs;
    this.now = now;
  }

  /** Forgets every name once any entity changes. */
  follow(changes: EntityChanges): this {
    changes.onChange(() => this.forget());
    return this;
  }

  forget(): void {
    this.names.clear();
    this.flows.clear();
  }

  private fresh<T>(cache: Map<string, Cached<T>>, key: string, now: number): Cached<T> | undefined {
    const cached = cache.get(key);
    return cached && now - cached.at < this.ttlMs ? cached : undefined;
  }

  private keep<T>(cache: Map<string, Cached<T>>, key: string, value: T, now: number): void {
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, { value, at: now });
  }

  /** Looks up every name the values need that is not kept, then answers synchronously. */
  async resolve(wanted: ReadonlyMap<ReportDimension, ReadonlySet<DimensionValue>>): Promise<NameOf> {
    const now = this.now();
    const entityNames = new Map<string, string>();
    const flows = new Map<string, FlowNames>();
    const owners = { c: new Set<number>(), r: new Set<number>() };

    // One round trip for every kind's missing names: a UNION of one lookup per kind.
    const lookups: string[] = [];
    for (const [dimension, values] of wanted) {
      if (isEntityDimension(dimension)) {
        const missing: number[] = [];
        for (const value of values) {
          const id = Number(value);
          if (!Number.isInteger(id) || id <= 0) continue;
          const cached = this.fresh(this.names, `${dimension}:${id}`, now);
          if (cached) entityNames.set(`${dimension}:${id}`, cached.value);
          else missing.push(id);
        }
        if (missing.length === 0) continue;
        lookups.push(
          `SELECT '${dimension}' AS kind, id, name FROM ${ENTITY_TABLES[dimension].table} WHERE id IN (${missing.join(', ')})`,
        );
      } else if (dimension === 'rule' || dimension === 'path') {
        for (const value of values) {
          const match = /^([cr])(\d+):/.exec(String(value));
          if (!match) continue;
          const cached = this.fresh(this.flows, `${match[1]}${match[2]}`, now);
          if (!cached) owners[match[1] as 'c' | 'r'].add(Number(match[2]));
          else if (cached.value) flows.set(`${match[1]}${match[2]}`, cached.value);
        }
      }
    }
    if (lookups.length > 0) {
      const rows = await this.sql.query<{ kind: string; id: number; name: string }>(
        lookups.join(' UNION ALL '),
      );
      for (const row of rows) {
        const key = `${row.kind}:${Number(row.id)}`;
        entityNames.set(key, String(row.name));
        this.keep(this.names, key, String(row.name), now);
      }
    }
    for (const [prefix, table] of [
      ['c', ENTITY_TABLES.campaign.table],
      ['r', ENTITY_TABLES.rotation.table],
    ] as const) {
      const ids = [...owners[prefix]];
      if (ids.length === 0) continue;
      const rows = await this.sql.query<{ id: number; flow: string | null }>(
        `SELECT id, flow FROM ${table} WHERE id IN (${ids.join(', ')})`,
      );
      for (const row of rows) {
        const flow = parseFlowNames(row.flow);
        this.keep(this.flows, `${prefix}${Number(row.id)}`, flow, now);
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
        return dimension === 'rule'
          ? ruleName(flow, Number(rule))
          : pathName(flow, Number(rule), Number(path));
      }
      return plainName(dimension, value);
    };
  }
}

/** The config-store table of an entity dimension. */
export function entityTable(dimension: EntityDimension): string {
  return ENTITY_TABLES[dimension].table;
}
