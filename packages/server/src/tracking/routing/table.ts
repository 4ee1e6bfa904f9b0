import crypto, { type KeyObject } from 'node:crypto';
import {
  type AffiliateNetwork,
  type Campaign,
  type CostModel,
  type Flow,
  type Landing,
  type Offer,
  type RedirectMode,
  TOKEN_SLOTS,
  type TrafficSource,
} from '@cairn/contract';
import type { EntityChanges } from '../../entities/changes.ts';
import type { EntityDefinition, EntityRecord } from '../../entities/definition.ts';
import type { EntityRepository } from '../../entities/repository.ts';
import { chunks } from '../../entities/sqlParts.ts';
import type { ConfigStore } from '../../store/config/port.ts';
import { DEFAULT_TRACKING_PATHS } from '../paths.ts';
import { type CompiledFlow, compileFlow } from './evaluate.ts';

// The click engine's view of the configuration: everything a click needs, compiled in memory so a click
// never waits for the database. It follows the entity change signal and reloads only what a change
// touches; a campaign's flow is compiled once per change, never per click.

export interface RoutedCampaign {
  id: number;
  key: string;
  name: string;
  groupId: number;
  trafficSourceId: number;
  rotationId: number;
  active: boolean;
  costModel: CostModel;
  costAuto: boolean;
  costMicros: number;
  currency: string;
  redirectMode: RedirectMode;
  uniquenessMs: number;
  flow: Flow | null;
  compiled: CompiledFlow | null;
}

export interface RoutedOffer {
  id: number;
  name: string;
  /** The offer URL with its network's parameters appended; macros still in it. */
  url: string;
  affiliateNetworkId: number;
  payoutMicros: number;
  payoutAuto: boolean;
  currency: string;
  /** A further postback for a converted click adds a conversion (upsells, rebills). */
  upsell: boolean;
  /** Today's caps (null: none) and where clicks go while one is reached (null: the path's other offers). */
  dailyCap: number | null;
  dailyClickCap: number | null;
  capFallbackOfferId: number | null;
}

export interface RoutedLanding {
  id: number;
  name: string;
  url: string;
  /** LP protect's secret, made into a key once; null when the lander is not protected. */
  lpProtectKey: KeyObject | null;
  /** Whether the lander URL places {lp_key} itself (else `lpkey=` is added to it). */
  placesLpKey: boolean;
}

export interface RoutedSource {
  id: number;
  name: string;
  /** What each token slot reads: the source's parameter, else `t<n>` itself (see tokenSlotsOf). */
  tokenSlots: TokenSlots;
  externalIdParam: string;
  costParam: string;
  trafficLossPercent: number;
  /** Where conversions are reported back (S2S), with macros; null: never. */
  postbackUrl: string | null;
  postbackPercent: number;
  payoutPercent: number;
  postbackMode: TrafficSource['postbackMode'];
}

export interface RoutedNetwork {
  id: number;
  name: string;
  /** Addresses and CIDR ranges postbacks may come from; empty: any. */
  allowedPostbackIps: string[];
  statusMapping: AffiliateNetwork['statusMapping'];
  duplicatePostbacks: AffiliateNetwork['duplicatePostbacks'];
  /** Postbacks without the postback key are accepted from its allowed addresses (a migration's opt-in). */
  acceptKeylessPostbacks: boolean;
}

const ROUTED_KINDS = [
  'campaign',
  'rotation',
  'offer',
  'landing',
  'traffic_source',
  'affiliate_network',
] as const;
type RoutedKind = (typeof ROUTED_KINDS)[number];

/** Kinds whose compiled copy holds fields of another kind, and the column that names it. */
const DEPENDENTS = [
  { changed: 'rotation', dependent: 'campaign', table: 'campaigns', column: 'rotation_id' },
  { changed: 'affiliate_network', dependent: 'offer', table: 'offers', column: 'affiliate_network_id' },
] as const satisfies readonly { changed: RoutedKind; dependent: RoutedKind; table: string; column: string }[];

/** The values a routed entity is presented with; only the parts that are not URLs for the panel matter. */
const PRESENT_ENV = { baseUrl: '', paths: DEFAULT_TRACKING_PATHS };

export class RoutingTable {
  private readonly store: ConfigStore;
  private readonly entities: EntityRepository;
  private readonly campaignsByKey = new Map<string, RoutedCampaign>();
  private readonly campaignsById = new Map<number, RoutedCampaign>();
  private readonly offers = new Map<number, RoutedOffer>();
  private readonly landings = new Map<number, RoutedLanding>();
  private readonly sources = new Map<number, RoutedSource>();
  private readonly networks = new Map<number, RoutedNetwork>();
  private pending: Promise<void> = Promise.resolve();
  /** Changes announced and not yet applied, and the batch that will apply them. */
  private readonly queued: [RoutedKind, number][] = [];
  private nextBatch: Promise<void> | null = null;
  private readonly onError: (error: unknown) => void;
  private version = 0;
  /** Networks whose postbacks may come without the key: a keyless postback is looked into only if any. */
  get anyKeylessNetwork(): boolean {
    for (const network of this.networks.values()) if (network.acceptKeylessPostbacks) return true;
    return false;
  }

  constructor(store: ConfigStore, entities: EntityRepository, onError: (error: unknown) => void) {
    this.store = store;
    this.entities = entities;
    this.onError = onError;
  }

  /** Loads everything, then follows `changes`; resolves once the first load is done. */
  async start(changes: EntityChanges): Promise<void> {
    changes.onChange((kind, id) =>
      (ROUTED_KINDS as readonly string[]).includes(kind) ? this.enqueue(kind as RoutedKind, id) : undefined,
    );
    await this.reloadAll();
  }

  /** Resolves when every change announced so far is applied (tests, and the test clicker). */
  settled(): Promise<void> {
    return this.pending;
  }

  /** Increases with every applied change; lets nodes compare what they run. */
  get changeCount(): number {
    return this.version;
  }

  campaignByKey(key: string): RoutedCampaign | undefined {
    return this.campaignsByKey.get(key);
  }

  campaign(id: number): RoutedCampaign | undefined {
    return this.campaignsById.get(id);
  }

  offer(id: number): RoutedOffer | undefined {
    return this.offers.get(id);
  }

  landing(id: number): RoutedLanding | undefined {
    return this.landings.get(id);
  }

  source(id: number): RoutedSource | undefined {
    return this.sources.get(id);
  }

  network(id: number): RoutedNetwork | undefined {
    return this.networks.get(id);
  }

  /** Offers with a daily conversion or click cap. */
  cappedOffers(): RoutedOffer[] {
    const capped: RoutedOffer[] = [];
    for (const offer of this.offers.values()) {
      if (offer.dailyCap !== null || offer.dailyClickCap !== null) capped.push(offer);
    }
    return capped;
  }

  get campaignCount(): number {
    return this.campaignsById.size;
  }

  // Changes are applied one batch after another, in the order announced, so a fast edit-then-edit never
  // leaves the older version in memory. Every change announced while a batch is being applied waits for
  // the next one, which reads all of them together: an import of thousands of offers is one range read,
  // not thousands of single-row reads each answered in turn.
  private enqueue(kind: RoutedKind, id: number): Promise<void> {
    this.queued.push([kind, id]);
    if (!this.nextBatch) {
      this.nextBatch = this.pending.then(() => this.applyQueued());
      this.pending = this.nextBatch;
    }
    return this.nextBatch;
  }

  private async applyQueued(): Promise<void> {
    this.nextBatch = null;
    const changes = this.queued.splice(0);
    try {
      await this.apply(changes);
    } catch (error) {
      this.onError(error);
    }
    this.version += changes.length;
  }

  /** Reads everything again; entries deleted or archived meanwhile are dropped. */
  async reloadAll(): Promise<void> {
    const loaded: [RoutedKind, EntityDefinition, EntityRecord][] = [];
    for (const kind of ROUTED_KINDS) {
      if (kind === 'rotation') continue;
      const definition = this.definition(kind);
      const rows = await this.store.query<{ id: number }>(
        `SELECT id FROM ${definition.table} WHERE NOT archived`,
      );
      const records = await this.entities.findMany(
        this.store,
        definition,
        rows.map((row) => Number(row.id)),
      );
      for (const record of records) loaded.push([kind, definition, record]);
    }
    // Swapped in at once, so a click never sees half a reload.
    for (const map of [
      this.campaignsByKey,
      this.campaignsById,
      this.offers,
      this.landings,
      this.sources,
      this.networks,
    ]) {
      map.clear();
    }
    for (const [kind, definition, record] of loaded) this.put(kind, definition, record);
    this.version += 1;
  }

  private definition(kind: string): EntityDefinition {
    const definition = this.entities.definition(kind);
    if (!definition) throw new Error(`The routing table needs the ${kind} entity kind`);
    return definition;
  }

  /** Reads the changed items again, one query per kind, and swaps each one's compiled copy. */
  private async apply(changes: readonly (readonly [RoutedKind, number])[]): Promise<void> {
    const idsByKind = new Map<RoutedKind, Set<number>>();
    const add = (kind: RoutedKind, id: number) => {
      const ids = idsByKind.get(kind) ?? new Set<number>();
      ids.add(id);
      idsByKind.set(kind, ids);
    };
    for (const [kind, id] of changes) if (kind !== 'rotation') add(kind, id);
    // Items compiled with another's fields are read again with it: a campaign holds its rotation's flow,
    // an offer's URL its network's parameters.
    for (const { changed, dependent, table, column } of DEPENDENTS) {
      const ids = [...new Set(changes.filter(([kind]) => kind === changed).map(([, id]) => id))];
      for (const chunk of chunks(ids)) {
        const params = chunk.map((_, n) => `$${n + 1}`).join(', ');
        const rows = await this.store.query<{ id: number }>(
          `SELECT id FROM ${table} WHERE ${column} IN (${params})`,
          chunk,
        );
        for (const row of rows) add(dependent, Number(row.id));
      }
    }
    for (const [kind, ids] of idsByKind) {
      const definition = this.definition(kind);
      const records = await this.entities.findMany(this.store, definition, [...ids]);
      const found = new Map(records.map((record) => [Number(record.id), record]));
      for (const id of ids) {
        const record = found.get(id);
        this.remove(kind, id);
        if (record && record.archived !== true) this.put(kind, definition, record);
      }
    }
  }

  private remove(kind: RoutedKind, id: number): void {
    if (kind === 'campaign') {
      const previous = this.campaignsById.get(id);
      if (previous) this.campaignsByKey.delete(previous.key);
      this.campaignsById.delete(id);
    } else if (kind === 'offer') this.offers.delete(id);
    else if (kind === 'landing') this.landings.delete(id);
    else if (kind === 'traffic_source') this.sources.delete(id);
    else if (kind === 'affiliate_network') this.networks.delete(id);
  }

  private put(kind: RoutedKind, definition: EntityDefinition, record: EntityRecord): void {
    const presented = definition.present(record, PRESENT_ENV);
    switch (kind) {
      case 'campaign': {
        const campaign = routedCampaign(presented as unknown as Campaign);
        this.campaignsById.set(campaign.id, campaign);
        this.campaignsByKey.set(campaign.key, campaign);
        break;
      }
      case 'offer': {
        const offer = presented as unknown as Offer;
        this.offers.set(offer.id, {
          id: offer.id,
          name: offer.name,
          url: offer.finalUrl,
          affiliateNetworkId: offer.affiliateNetworkId ?? 0,
          payoutMicros: offer.payoutMicros,
          payoutAuto: offer.payoutAuto,
          currency: offer.currency,
          upsell: offer.upsell,
          dailyCap: offer.dailyCap ?? null,
          dailyClickCap: offer.dailyClickCap ?? null,
          capFallbackOfferId: offer.capFallbackOfferId ?? null,
        });
        break;
      }
      case 'landing': {
        const landing = presented as unknown as Landing;
        this.landings.set(landing.id, {
          id: landing.id,
          name: landing.name,
          url: landing.url,
          lpProtectKey:
            landing.lpProtect && landing.lpProtectKey
              ? crypto.createSecretKey(Buffer.from(landing.lpProtectKey))
              : null,
          placesLpKey: landing.url.includes('{lp_key}'),
        });
        break;
      }
      case 'traffic_source': {
        const source = presented as unknown as TrafficSource;
        this.sources.set(source.id, {
          id: source.id,
          name: source.name,
          tokenSlots: tokenSlotsOf(source.tokens.map((token) => token.parameter)),
          externalIdParam: source.externalId?.parameter ?? '',
          costParam: source.cost?.parameter ?? '',
          trafficLossPercent: source.trafficLossPercent,
          postbackUrl: source.postbackUrl,
          postbackPercent: source.postbackPercent,
          payoutPercent: source.payoutPercent,
          postbackMode: source.postbackMode,
        });
        break;
      }
      case 'affiliate_network': {
        const network = presented as unknown as AffiliateNetwork;
        this.networks.set(network.id, {
          id: network.id,
          name: network.name,
          allowedPostbackIps: network.allowedPostbackIps,
          statusMapping: network.statusMapping,
          duplicatePostbacks: network.duplicatePostbacks,
          acceptKeylessPostbacks: network.acceptKeylessPostbacks === true,
        });
        break;
      }
    }
  }
}

/** The token slots (0 for t1) each query parameter fills; one parameter may fill several slots. */
export type TokenSlots = ReadonlyMap<string, readonly number[]>;

/**
 * The parameter each token slot reads, the source's own name for it else `t<n>`, as a map from parameter
 * to slots: a click walks its few parameters once instead of looking up all TOKEN_SLOTS names.
 */
export function tokenSlotsOf(parameters: readonly string[]): TokenSlots {
  const slots = new Map<string, number[]>();
  for (let slot = 0; slot < TOKEN_SLOTS; slot += 1) {
    const name = parameters[slot] || `t${slot + 1}`;
    const known = slots.get(name);
    if (known) known.push(slot);
    else slots.set(name, [slot]);
  }
  return slots;
}

function routedCampaign(campaign: Campaign): RoutedCampaign {
  const flow = campaign.effectiveFlow;
  return {
    id: campaign.id,
    key: campaign.key,
    name: campaign.name,
    groupId: campaign.groupId ?? 0,
    trafficSourceId: campaign.trafficSourceId ?? 0,
    rotationId: campaign.rotationId ?? 0,
    active: campaign.status === 'active',
    costModel: campaign.costModel,
    costAuto: campaign.costAuto,
    costMicros: campaign.costMicros,
    currency: campaign.currency,
    redirectMode: campaign.redirectMode,
    uniquenessMs: campaign.uniquenessHours * 3_600_000,
    flow,
    compiled: flow ? compileFlow(flow) : null,
  };
}
