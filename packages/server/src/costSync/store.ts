import type {
  CostSyncMapping,
  CostSyncMappingInput,
  CostSyncOutcome,
  CostSyncRun,
  IntegrationPlatform,
} from '@cairn/contract';
import { costSyncMappingInputSchema } from '@cairn/contract';
import type { Sql } from '../store/config/port.ts';

// The cost sync tables (migration 017): mappings with the outcome of their last sync, and the runs.

export interface MappingRecord {
  id: number;
  campaignId: number;
  accountId: number;
  sourceAccountId: string;
  sourceCampaignId: string;
  zoneTokenSlot: number | null;
  enabled: boolean;
  lastSyncAt: number | null;
  lastOutcome: CostSyncOutcome;
  lastError: string | null;
  lastPreviousCostMicros: number | null;
  lastCostMicros: number | null;
  createdAt: number;
  updatedAt: number;
}

export type RunRecord = Omit<CostSyncRun, 'id' | 'startedAt'> & { startedAt: number };

type Row = Record<string, unknown>;
const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);
const iso = (ms: number) => new Date(ms).toISOString();

function mappingOf(row: Row): MappingRecord {
  return {
    id: Number(row.id),
    campaignId: Number(row.campaign_id),
    accountId: Number(row.account_id),
    sourceAccountId: String(row.source_account_id),
    sourceCampaignId: String(row.source_campaign_id),
    zoneTokenSlot: num(row.zone_token_slot),
    enabled: Boolean(row.enabled),
    lastSyncAt: num(row.last_sync_at),
    lastOutcome: String(row.last_outcome) as CostSyncOutcome,
    lastError: text(row.last_error),
    lastPreviousCostMicros: num(row.last_previous_cost_micros),
    lastCostMicros: num(row.last_cost_micros),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function runOf(row: Row): CostSyncRun {
  return {
    id: Number(row.id),
    mappingId: Number(row.mapping_id),
    campaignId: Number(row.campaign_id),
    startedAt: iso(Number(row.started_at)),
    fromDay: String(row.from_day),
    toDay: String(row.to_day),
    outcome: String(row.outcome) as CostSyncRun['outcome'],
    error: text(row.error),
    tokenExpired: Boolean(row.token_expired),
    rateLimited: Boolean(row.rate_limited),
    previousCostMicros: Number(row.previous_cost_micros),
    costMicros: Number(row.cost_micros),
    targets: Number(row.targets),
    changedClicks: Number(row.changed_clicks),
  };
}

export function presentMapping(record: MappingRecord, platform: IntegrationPlatform): CostSyncMapping {
  return {
    id: record.id,
    campaignId: record.campaignId,
    accountId: record.accountId,
    platform,
    sourceAccountId: record.sourceAccountId,
    sourceCampaignId: record.sourceCampaignId,
    zoneTokenSlot: record.zoneTokenSlot,
    enabled: record.enabled,
    lastSyncAt: record.lastSyncAt === null ? null : iso(record.lastSyncAt),
    lastOutcome: record.lastOutcome,
    lastError: record.lastError,
    lastPreviousCostMicros: record.lastPreviousCostMicros,
    lastCostMicros: record.lastCostMicros,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}

/** Runs kept per mapping: the history is for reading the last few, not an audit trail. */
const RUNS_KEPT = 50;

export class CostSyncStore {
  private readonly sql: Sql;

  constructor(sql: Sql) {
    this.sql = sql;
  }

  async mappings(): Promise<MappingRecord[]> {
    return (await this.sql.query<Row>('SELECT * FROM cost_sync_mappings ORDER BY id')).map(mappingOf);
  }

  async mapping(id: number): Promise<MappingRecord | null> {
    const [row] = await this.sql.query<Row>('SELECT * FROM cost_sync_mappings WHERE id = $1', [id]);
    return row ? mappingOf(row) : null;
  }

  async create(input: CostSyncMappingInput, now: number): Promise<number> {
    const parsed = costSyncMappingInputSchema.parse(input);
    const [row] = await this.sql.query<{ id: unknown }>(
      `INSERT INTO cost_sync_mappings (campaign_id, account_id, source_account_id, source_campaign_id,
         zone_token_slot, enabled, last_outcome, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'never', $7, $7) RETURNING id`,
      [
        parsed.campaignId,
        parsed.accountId,
        parsed.sourceAccountId,
        parsed.sourceCampaignId,
        parsed.zoneTokenSlot,
        parsed.enabled,
        now,
      ],
    );
    return Number(row?.id);
  }

  async update(id: number, input: CostSyncMappingInput, now: number): Promise<void> {
    const parsed = costSyncMappingInputSchema.parse(input);
    await this.sql.execute(
      `UPDATE cost_sync_mappings SET campaign_id = $1, account_id = $2, source_account_id = $3,
         source_campaign_id = $4, zone_token_slot = $5, enabled = $6, updated_at = $7 WHERE id = $8`,
      [
        parsed.campaignId,
        parsed.accountId,
        parsed.sourceAccountId,
        parsed.sourceCampaignId,
        parsed.zoneTokenSlot,
        parsed.enabled,
        now,
        id,
      ],
    );
  }

  async remove(id: number): Promise<void> {
    await this.sql.execute('DELETE FROM cost_sync_runs WHERE mapping_id = $1', [id]);
    await this.sql.execute('DELETE FROM cost_sync_mappings WHERE id = $1', [id]);
  }

  /** Records a run and sets it as its mapping's last sync; the mapping's oldest runs past the kept few go. */
  async recordRun(run: RunRecord): Promise<CostSyncRun> {
    const [row] = await this.sql.query<{ id: unknown }>(
      `INSERT INTO cost_sync_runs (mapping_id, campaign_id, started_at, from_day, to_day, outcome, error,
         token_expired, rate_limited, previous_cost_micros, cost_micros, targets, changed_clicks)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [
        run.mappingId,
        run.campaignId,
        run.startedAt,
        run.fromDay,
        run.toDay,
        run.outcome,
        run.error,
        run.tokenExpired,
        run.rateLimited,
        run.previousCostMicros,
        run.costMicros,
        run.targets,
        run.changedClicks,
      ],
    );
    const ok = run.outcome === 'ok';
    await this.sql.execute(
      `UPDATE cost_sync_mappings SET last_sync_at = $1, last_outcome = $2, last_error = $3,
         last_previous_cost_micros = $4, last_cost_micros = $5 WHERE id = $6`,
      [
        run.startedAt,
        run.outcome,
        run.error,
        ok ? run.previousCostMicros : null,
        ok ? run.costMicros : null,
        run.mappingId,
      ],
    );
    await this.sql.execute(
      `DELETE FROM cost_sync_runs WHERE mapping_id = $1 AND id NOT IN
         (SELECT id FROM cost_sync_runs WHERE mapping_id = $1 ORDER BY id DESC LIMIT ${RUNS_KEPT})`,
      [run.mappingId],
    );
    return { ...run, id: Number(row?.id), startedAt: iso(run.startedAt) };
  }

  async runs(limit: number): Promise<CostSyncRun[]> {
    return (
      await this.sql.query<Row>(`SELECT * FROM cost_sync_runs ORDER BY id DESC LIMIT ${Math.trunc(limit)}`)
    ).map(runOf);
  }
}
