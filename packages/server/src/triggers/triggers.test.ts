import {
  type Campaign,
  type DomainAttention,
  TRIGGER_PATHS,
  type Trigger,
  type TriggerBacktest,
  type TriggerRunList,
  triggerPath,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, type KindClient, kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { ADMIN_PASSWORD, Clock, type TestBrowser } from '../../test-support/server.ts';
import { clicks, makeTrigger, runTrigger, visitCampaign } from '../../test-support/triggers.ts';
import type { RunningCairn } from '../index.ts';

// Triggers on the real server: clicks through the real click path, checks through the API under the job
// lock, and actions through the entity service (so the routing table follows them).

const MINUTE = 60_000;
const clock = new Clock('2026-03-04T10:30:00.000Z');
let cairn: RunningCairn;
let browser: TestBrowser;
let campaigns: KindClient;
let hit: number;
let miss: number;

beforeAll(async () => {
  ({ cairn, browser } = await signedInAdmin({ trustProxy: true, now: clock.now }));
  campaigns = kindClient(browser, 'campaign');
  const offers = kindClient(browser, 'offer');
  hit = (await offers.make({ name: 'hit', url: 'https://hit.example/?c={clickid}' })).id;
  miss = (await offers.make({ name: 'miss', url: 'https://miss.example/?c={clickid}' })).id;
});
afterAll(async () => {
  await cairn.close();
});

/** Moves the clock on, signing in again where the session would have ended. */
async function later(ms: number): Promise<void> {
  clock.advance(ms);
  browser.cookies.clear();
  expect((await browser.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
}

/** A campaign sending every click to "miss", with "hit" paused beside it. */
const missCampaign = () =>
  campaigns.make<Campaign>({
    name: `c-${Math.random()}`,
    flow: {
      defaultPaths: [
        {
          offers: [
            { offerId: miss, weight: 100 },
            { offerId: hit, weight: 100, paused: true },
          ],
        },
      ],
      rules: [],
    },
  });

const rule = (campaign: Campaign, overrides: Record<string, unknown> = {}) => ({
  name: 'Many clicks',
  scope: { dimension: 'campaign', filters: { campaign: [campaign.id] } },
  window: { unit: 'hours', amount: 1 },
  conditions: { combine: 'and', items: [{ metric: 'clicks', operator: '>=', value: 3 }] },
  checkEveryMinutes: 60,
  cooldownMinutes: 120,
  ...overrides,
});

describe('trigger API', () => {
  it('answers 400 with field messages, and never returns channel secrets', async () => {
    const refused = await browser.post(TRIGGER_PATHS.list, {
      name: '',
      scope: { dimension: 'zone' },
      window: { unit: 'hours', amount: 0 },
      conditions: { items: [{ metric: 'roi', operator: '<<', value: 1 }] },
    });
    expect(refused.status).toBe(400);
    expect(errorFields(refused)).toEqual(
      expect.arrayContaining(['name', 'scope.dimension', 'window.amount', 'conditions.items.0.operator']),
    );
    const campaign = await missCampaign();
    const noSecret = await browser.post(TRIGGER_PATHS.list, {
      ...rule(campaign),
      actions: [{ type: 'slack' }],
    });
    expect(noSecret.status).toBe(400);
    expect(errorFields(noSecret)).toEqual(['actions.0.url']);

    const secretUrl = 'https://hooks.slack.example/services/T000/B000/very-secret';
    const made = await makeTrigger(browser, {
      ...rule(campaign),
      actions: [
        { type: 'slack', url: secretUrl },
        { type: 'telegram', botToken: '123:secret-token', chatId: '42' },
      ],
    });
    expect(made.actions).toEqual([
      { type: 'slack', secretSet: true },
      { type: 'telegram', secretSet: true, chatId: '42', apiBase: 'https://api.telegram.org' },
    ]);
    // Saved again without the secrets: they are kept.
    const { id, createdAt, updatedAt, lastCheckedAt, lastFiredAt, channelError, ...input } = made;
    void [createdAt, updatedAt, lastCheckedAt, lastFiredAt, channelError];
    const saved = await browser.put(triggerPath(TRIGGER_PATHS.item, id), {
      ...input,
      actions: [{ type: 'slack' }, { type: 'telegram', chatId: '43' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.text).not.toContain('very-secret');
    expect(saved.text).not.toContain('secret-token');
    const stored = await cairn.store.query<{ actions: string }>(
      'SELECT actions FROM triggers WHERE id = $1',
      [id],
    );
    expect(stored[0]?.actions).not.toMatch(/very-secret|secret-token/);
    expect(stored[0]?.actions).toContain('"chatId":"43"');
    const list = await browser.get(TRIGGER_PATHS.list);
    expect(list.text).not.toMatch(/very-secret|secret-token/);
    expect((await browser.call('DELETE', triggerPath(TRIGGER_PATHS.item, id))).status).toBe(200);
    expect((await browser.get(triggerPath(TRIGGER_PATHS.item, id))).status).toBe(404);
  });

  it('sets weights through the entity service: the next clicks take the new route', async () => {
    const campaign = await missCampaign();
    const trigger = await makeTrigger(browser, {
      ...rule(campaign),
      dryRun: false,
      actions: [
        { type: 'set_weight', campaignId: campaign.id, item: 'offer', itemId: hit, weight: 100 },
        { type: 'set_weight', campaignId: campaign.id, item: 'offer', itemId: miss, weight: 0 },
      ],
    });
    await clicks(cairn, campaign, 2);
    clock.advance(MINUTE);
    const quiet = await runTrigger(browser, trigger.id);
    expect(quiet).toMatchObject({ outcome: 'quiet', checked: 1, firings: [] });
    expect(await visitCampaign(cairn, campaign)).toBe('miss');
    await cairn.tracking.recorder.flushNow();
    clock.advance(MINUTE);

    const run = await runTrigger(browser, trigger.id);
    expect(run).toMatchObject({ outcome: 'fired', dryRun: false, errors: [] });
    expect(run.firings.map((firing) => [firing.value, firing.metrics.clicks])).toEqual([[campaign.id, 3]]);
    for (let index = 0; index < 5; index += 1) expect(await visitCampaign(cairn, campaign)).toBe('hit');

    const audit = await cairn.store.query<{ action: string; user_id: number | null; details: string }>(
      `SELECT action, user_id, details FROM audit_log WHERE action = 'trigger_action_done' AND entity_id = $1`,
      [campaign.id],
    );
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ user_id: null });
    expect(JSON.parse(audit[0]?.details ?? '{}')).toMatchObject({
      trigger: { id: trigger.id },
      result: 'done',
    });

    // Within the cool-down the same row does not fire again.
    clock.advance(MINUTE);
    expect(await runTrigger(browser, trigger.id)).toMatchObject({ outcome: 'quiet', skippedCooldown: 1 });
    const runs = (await browser.get(triggerPath(TRIGGER_PATHS.runs, trigger.id))).json<TriggerRunList>();
    expect(runs.items.map((item) => item.outcome)).toEqual(['quiet', 'fired', 'quiet']);
    const listed = (await browser.get(triggerPath(TRIGGER_PATHS.item, trigger.id))).json<Trigger>();
    expect(listed.lastFiredAt).toBe(run.at);
  });

  it('in a dry run logs the firing and changes nothing', async () => {
    await later(3 * 60 * MINUTE);
    const campaign = await missCampaign();
    const trigger = await makeTrigger(browser, {
      ...rule(campaign),
      dryRun: true,
      actions: [{ type: 'set_weight', campaignId: campaign.id, item: 'offer', itemId: hit, weight: 100 }],
    });
    await clicks(cairn, campaign, 3);
    clock.advance(MINUTE);
    const before = (await campaigns.get(campaign.id)).json<Campaign>();
    const run = await runTrigger(browser, trigger.id);
    expect(run).toMatchObject({ outcome: 'fired', dryRun: true });
    expect(run.firings).toHaveLength(1);
    expect((await campaigns.get(campaign.id)).json<Campaign>().flow).toEqual(before.flow);
    expect(await visitCampaign(cairn, campaign)).toBe('miss');
    const audit = await cairn.store.query(
      `SELECT 1 FROM audit_log WHERE action = 'trigger_action_done' AND entity_id = $1`,
      [campaign.id],
    );
    expect(audit).toHaveLength(0);
  });

  it('backtests the same firings that live runs over the period made', async () => {
    await later(3 * 60 * MINUTE);
    const campaign = await missCampaign();
    const trigger = await makeTrigger(browser, {
      ...rule(campaign, {
        conditions: { combine: 'and', items: [{ metric: 'clicks', operator: '>=', value: 2 }] },
      }),
      dryRun: true,
    });
    const live: [string, number][] = [];
    // Clicks in each hour, checked at the end of the hour: fires at 3, held back at 1, fires at 2 once the
    // cool-down has passed, held back by it at the next 3, fires at the one after.
    for (const count of [3, 1, 2, 3, 3, 0]) {
      clock.advance(10 * MINUTE);
      await clicks(cairn, campaign, count);
      await later(50 * MINUTE);
      const run = await runTrigger(browser, trigger.id);
      for (const firing of run.firings) live.push([firing.at, firing.metrics.clicks]);
    }
    expect(live.map(([, count]) => count)).toEqual([3, 2, 3]);
    const backtest = await browser.post(triggerPath(TRIGGER_PATHS.backtest, trigger.id), { days: 1 });
    expect(backtest.status).toBe(200);
    const result = backtest.json<TriggerBacktest>();
    expect(result).toMatchObject({ stepMinutes: 60, checks: 24 });
    expect(result.firings.map((firing) => [firing.at, firing.metrics.clicks])).toEqual(live);
    expect((await browser.post(triggerPath(TRIGGER_PATHS.backtest, trigger.id), { days: 2 })).status).toBe(
      400,
    );
  });

  it('pauses a path, refuses one that would leave no active default path, and marks a domain', async () => {
    await later(3 * 60 * MINUTE);
    const campaign = await campaigns.make<Campaign>({
      name: `c-${Math.random()}`,
      flow: {
        defaultPaths: [
          { weight: 10_000, offers: [{ offerId: hit }] },
          { weight: 1, offers: [{ offerId: miss }] },
        ],
        rules: [],
      },
    });
    const domain = await kindClient(browser, 'domain').make<{ host: string }>({
      host: `trk-${Date.now()}.example`,
    });
    const trigger = await makeTrigger(browser, {
      ...rule(campaign),
      dryRun: false,
      actions: [
        { type: 'pause_path', campaignId: campaign.id, pathIndex: 0 },
        { type: 'pause_path', campaignId: campaign.id, pathIndex: 1 },
        { type: 'mark_domain', domainId: domain.id },
      ],
    });
    await clicks(cairn, campaign, 3);
    clock.advance(MINUTE);
    const run = await runTrigger(browser, trigger.id);
    expect(run.outcome).toBe('failed');
    expect(run.errors).toEqual(['Action 2 (pause_path): At least one default path must be active']);
    const flow = (await campaigns.get(campaign.id)).json<Campaign>().flow;
    expect(flow?.defaultPaths.map((path) => path.paused)).toEqual([true, false]);
    for (let index = 0; index < 5; index += 1) expect(await visitCampaign(cairn, campaign)).toBe('miss');
    const attention = (await browser.get(TRIGGER_PATHS.attention)).json<DomainAttention>();
    expect(attention.items).toContainEqual(
      expect.objectContaining({
        domainId: domain.id,
        host: domain.host,
        triggerId: trigger.id,
        reason: 'Trigger "Many clicks" fired',
      }),
    );
  });
});
