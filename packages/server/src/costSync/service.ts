import type { CostSyncRun, IntegrationPlatform } from '@cairn/contract';
import { microsToDecimal } from '@cairn/contract';
import type { AppContext } from '../context.ts';
import { NoClicksError } from '../costs/costChanges.ts';
import { type CostUpdater, RangeNotBegunError } from '../costs/service.ts';
import { lacksRate, toBaseMicros } from '../events/money.ts';
import type { PlatformHttp } from '../integrations/adapter.ts';
import { IntegrationStore } from '../integrations/store.ts';
import { OutboundRefused } from '../outbound/guard.ts';
import { localMidnight, localParts } from '../reports/timeRange.ts';
import { readStatsSettings } from '../settings/stats.ts';
import { type SpendAdapter, SpendError, type SpendRow } from './adapter.ts';
import { SPEND_ADAPTERS } from './platforms.ts';
import { CostSyncStore, type MappingRecord, type RunRecord } from './store.ts';

// One cost sync: for each enabled mapping, the source's spend for the last days (the tracker's days) is
// converted to the tracker's currency and set, day by day (and zone by zone when the source reports zones
// and the mapping names the token slot holding them), through the cost-update path the cost API uses,
// which replaces what the clicks cost: running it again writes nothing. A failure is recorded on its
// mapping in the source's words and the next mapping goes on; a source that said "too many calls" or
// "token expired" is not called again in the same run.

export const SOURCE_TIMEOUT_MS = 30_000;

export interface CostSyncOptions {
  ctx: AppContext;
  updater: CostUpdater;
  /** Days pulled, today included. */
  days: number;
  baseUrlOf(platform: IntegrationPlatform): string;
}

/** Calls for one account at least a minute / callsPerMinute apart. */
class Pacer {
  private readonly last = new Map<number, number>();

  async wait(accountId: number, callsPerMinute: number): Promise<void> {
    const gap = Math.ceil(60_000 / callsPerMinute);
    const since = Date.now() - (this.last.get(accountId) ?? 0);
    if (since < gap) await new Promise((resolve) => setTimeout(resolve, gap - since));
    this.last.set(accountId, Date.now());
  }
}

const dayOf = (timeZone: string, ms: number): string => {
  const local = localParts(timeZone, ms);
  return `${local.year}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')}`;
};

interface Target {
  day: string;
  zone: string | null;
  micros: number;
}

/** What to set: each day's total, or each day and zone's; days the source has no row for cost nothing. */
function targetsOf(rows: readonly SpendRow[], days: readonly string[], byZone: boolean): Target[] {
  const sums = new Map<string, Target>();
  for (const day of days) if (!byZone) sums.set(`${day}\u0000`, { day, zone: null, micros: 0 });
  for (const row of rows) {
    if (!days.includes(row.day)) continue;
    const zone = byZone ? row.zone : null;
    if (byZone && zone === null) continue;
    const key = `${row.day}\u0000${zone ?? ''}`;
    const sum = sums.get(key) ?? { day: row.day, zone, micros: 0 };
    sum.micros += row.spendMicros;
    sums.set(key, sum);
  }
  return [...sums.values()];
}

export class CostSync {
  private readonly options: CostSyncOptions;
  private readonly mappings: CostSyncStore;
  private readonly integrations: IntegrationStore;
  private readonly pacer = new Pacer();

  constructor(options: CostSyncOptions) {
    this.options = options;
    this.mappings = new CostSyncStore(options.ctx.store);
    this.integrations = new IntegrationStore(options.ctx.store, options.ctx.keys.encryption);
  }

  http(platform: IntegrationPlatform): PlatformHttp {
    return {
      outbound: this.options.ctx.outbound,
      timeoutMs: SOURCE_TIMEOUT_MS,
      baseUrl: this.options.baseUrlOf(platform),
      oauthTokenUrl: this.options.ctx.config.googleOAuthTokenUrl,
    };
  }

  /** Waits for the account's turn under its source's call limit. */
  pace(accountId: number, adapter: SpendAdapter): Promise<void> {
    return this.pacer.wait(accountId, adapter.callsPerMinute);
  }

  /** Syncs the mappings named (all enabled ones when null), one after another. */
  async run(mappingId: number | null): Promise<CostSyncRun[]> {
    const all = await this.mappings.mappings();
    const chosen =
      mappingId === null ? all.filter((one) => one.enabled) : all.filter((one) => one.id === mappingId);
    const halted = new Map<number, string>();
    const runs: CostSyncRun[] = [];
    for (const mapping of chosen) {
      const run = await this.syncOne(mapping, halted.get(mapping.accountId) ?? null);
      if (run.tokenExpired || run.rateLimited) halted.set(mapping.accountId, run.error ?? '');
      runs.push(await this.mappings.recordRun(run));
    }
    return runs;
  }

  private async syncOne(mapping: MappingRecord, haltedBecause: string | null): Promise<RunRecord> {
    const { ctx, updater, days } = this.options;
    const startedAt = ctx.config.now();
    const stats = await readStatsSettings(ctx.store);
    const today = localMidnight(stats.timezone, startedAt);
    const dayStarts = Array.from({ length: days }, (_, index) =>
      localMidnight(stats.timezone, today, index - days + 1),
    );
    const dayNames = dayStarts.map((start) => dayOf(stats.timezone, start));
    const fromDay = dayNames[0] ?? '';
    const toDay = dayNames[dayNames.length - 1] ?? '';
    const run: RunRecord = {
      mappingId: mapping.id,
      campaignId: mapping.campaignId,
      startedAt,
      fromDay,
      toDay,
      outcome: 'failed',
      error: null,
      tokenExpired: false,
      rateLimited: false,
      previousCostMicros: 0,
      costMicros: 0,
      targets: 0,
      changedClicks: 0,
    };
    const fail = (
      error: string,
      flags: { tokenExpired?: boolean; rateLimited?: boolean } = {},
    ): RunRecord => ({
      ...run,
      error,
      tokenExpired: flags.tokenExpired ?? false,
      rateLimited: flags.rateLimited ?? false,
    });

    if (haltedBecause !== null) {
      return fail(`Not called in this sync: the account's last answer was "${haltedBecause}"`);
    }
    const account = await this.integrations.token(mapping.accountId);
    if (!account) return fail(`Integration account ${mapping.accountId} was deleted`);
    const adapter = SPEND_ADAPTERS[account.platform];
    if (!adapter) return fail(`${account.platform} has no cost sync`);
    const [campaign] = await ctx.store.query('SELECT id FROM campaigns WHERE id = $1', [mapping.campaignId]);
    if (!campaign) return fail(`Campaign ${mapping.campaignId} was deleted`);

    const byZone = adapter.reportsZones && mapping.zoneTokenSlot !== null;
    let report: Awaited<ReturnType<SpendAdapter['fetchSpend']>>;
    try {
      await this.pace(mapping.accountId, adapter);
      report = await adapter.fetchSpend(this.http(account.platform), account.token, {
        sourceAccountId: mapping.sourceAccountId,
        sourceCampaignId: mapping.sourceCampaignId,
        fromDay,
        toDay,
        byZone,
      });
    } catch (error) {
      if (error instanceof SpendError) {
        return fail(error.message, { tokenExpired: error.tokenExpired, rateLimited: error.rateLimited });
      }
      const message = error instanceof Error ? error.message : String(error);
      return fail(error instanceof OutboundRefused ? `refused: ${message}` : message);
    }

    const rates = { base: stats.baseCurrency, rates: stats.rates };
    const currency = report.currency || stats.baseCurrency;
    if (report.rows.some((row) => row.spendMicros > 0) && lacksRate(currency, rates)) {
      return fail(
        `The source reports spend in ${currency}, the tracker counts in ${stats.baseCurrency}, and Settings > Stats has no rate for ${currency}`,
      );
    }

    const unplaced: string[] = [];
    try {
      for (const target of targetsOf(report.rows, dayNames, byZone)) {
        const index = dayNames.indexOf(target.day);
        const from = dayStarts[index] as number;
        const to = localMidnight(stats.timezone, from, 1);
        const costMicros = toBaseMicros(target.micros, currency, rates);
        try {
          const set = await updater.set({
            campaignId: mapping.campaignId,
            from,
            to,
            costMicros,
            token:
              target.zone !== null && mapping.zoneTokenSlot !== null
                ? { slot: mapping.zoneTokenSlot, value: target.zone }
                : null,
          });
          run.targets += 1;
          run.previousCostMicros += set.previousCostMicros;
          run.costMicros += set.costMicros;
          run.changedClicks += set.changedClicks;
        } catch (error) {
          // Spend with no clicks to carry it (or a day not begun) cannot be set; it is reported instead.
          if (!(error instanceof NoClicksError || error instanceof RangeNotBegunError)) throw error;
          if (target.micros > 0) {
            unplaced.push(
              `${target.day}${target.zone === null ? '' : ` zone ${target.zone}`}: ${microsToDecimal(target.micros)} ${currency}`,
            );
          }
        }
      }
    } catch (error) {
      return { ...fail(error instanceof Error ? error.message : String(error)), ...this.totals(run) };
    }
    return {
      ...run,
      outcome: 'ok',
      error:
        unplaced.length > 0 ? `Spend without clicks to set it on: ${unplaced.slice(0, 10).join('; ')}` : null,
    };
  }

  private totals(run: RunRecord) {
    return {
      previousCostMicros: run.previousCostMicros,
      costMicros: run.costMicros,
      targets: run.targets,
      changedClicks: run.changedClicks,
    };
  }
}
