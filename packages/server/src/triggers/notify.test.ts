import {
  type Campaign,
  type DomainAttention,
  type DomainCheckList,
  type MonitorResponse,
  type TokenListResponse,
  TRACKING_API_PATHS,
  TRIGGER_PATHS,
  type Trigger,
  triggerPath,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { Clock, type TestBrowser } from '../../test-support/server.ts';
import { clicks, makeTrigger, receiver, runTrigger, smtpSink } from '../../test-support/triggers.ts';
import type { RunningCairn } from '../index.ts';
import { messageText, plain } from './notify.ts';

// Notifications reach local receivers through the outbound guard (the server allows 127.0.0.1 here, as
// an operator would with CAIRN_PRIVATE_DESTINATIONS), and a failing channel shows on the trigger.

const MINUTE = 60_000;
const clock = new Clock('2026-03-04T10:30:00.000Z');
let cairn: RunningCairn;
let browser: TestBrowser;
let campaign: Campaign;

beforeAll(async () => {
  ({ cairn, browser } = await signedInAdmin({
    trustProxy: true,
    now: clock.now,
    privateDestinations: ['127.0.0.1'],
  }));
  const offer = await kindClient(browser, 'offer').make({
    name: 'o',
    url: 'https://offer.example/?c={clickid}',
  });
  const source = await kindClient(browser, 'traffic_source').make({
    name: 'Push <b>net</b>',
    tokens: [{ parameter: 'zone', name: 'Zone' }],
  });
  campaign = await kindClient(browser, 'campaign').make<Campaign>({
    name: 'Evil\n<b>name</b> *bold* <!channel>',
    trafficSourceId: source.id,
    flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }], rules: [] },
  });
  await clicks(cairn, campaign, 2);
  clock.advance(MINUTE);
});
afterAll(async () => {
  await cairn.close();
});

const rule = {
  name: 'Alert <i>me</i>',
  dryRun: false,
  scope: { dimension: 'campaign', filters: {} },
  window: { unit: 'today', amount: 1 },
  conditions: { combine: 'or', items: [{ metric: 'clicks', operator: '>', value: 1 }] },
  cooldownMinutes: 0,
};

describe('trigger notifications', () => {
  it('posts to a webhook, Slack and the Telegram Bot API, as plain text', async () => {
    const local = await receiver();
    try {
      const trigger = await makeTrigger(browser, {
        ...rule,
        actions: [
          { type: 'webhook', url: `${local.url}/hook` },
          { type: 'slack', url: `${local.url}/slack` },
          { type: 'telegram', botToken: '123:abc', chatId: '-100', apiBase: local.url },
        ],
      });
      const run = await runTrigger(browser, trigger.id);
      expect(run).toMatchObject({ outcome: 'fired', errors: [] });
      const byPath = new Map(local.received.map((entry) => [entry.path, entry.body]));
      expect([...byPath.keys()].sort()).toEqual(['/bot123:abc/sendMessage', '/hook', '/slack']);
      const hook = byPath.get('/hook') as {
        trigger: { id: number };
        firings: { value: number; metrics: { clicks: number } }[];
      };
      expect(hook.trigger.id).toBe(trigger.id);
      expect(hook.firings.map((firing) => [firing.value, firing.metrics.clicks])).toEqual([[campaign.id, 2]]);
      const telegram = byPath.get('/bot123:abc/sendMessage') as Record<string, unknown>;
      expect(telegram).not.toHaveProperty('parse_mode');
      expect(telegram.chat_id).toBe('-100');
      expect(telegram.text).toContain('campaign Evil <b>name</b> *bold* <!channel>: clicks 2');
      const slack = byPath.get('/slack') as Record<string, unknown>;
      expect(slack.mrkdwn).toBe(false);
      expect(slack.text).toContain('Evil &lt;b&gt;name&lt;/b&gt; *bold* &lt;!channel&gt;');
      expect(slack.text).not.toContain('<');
    } finally {
      await local.close();
    }
  });

  it('sends email to an SMTP server', async () => {
    const sink = await smtpSink();
    try {
      const trigger = await makeTrigger(browser, {
        ...rule,
        actions: [
          {
            type: 'email',
            host: '127.0.0.1',
            port: sink.port,
            from: 'cairn@example.com',
            to: ['buyer@example.com'],
          },
        ],
      });
      expect(await runTrigger(browser, trigger.id)).toMatchObject({ outcome: 'fired', errors: [] });
      expect(sink.messages).toHaveLength(1);
      const [message] = sink.messages;
      expect(message?.from).toBe('<cairn@example.com>');
      expect(message?.to).toEqual(['<buyer@example.com>']);
      expect(message?.data).toContain('Subject: Cairn trigger: Alert <i>me</i>');
      const body = Buffer.from(
        message?.data.split('\r\n\r\n')[1]?.replace(/\r\n/g, '') ?? '',
        'base64',
      ).toString();
      expect(body).toContain('clicks 2');
    } finally {
      await sink.close();
    }
  });

  it('shows a failing channel on the trigger until it succeeds, and refuses private destinations', async () => {
    const failing = await receiver(400);
    const trigger = await makeTrigger(browser, {
      ...rule,
      actions: [{ type: 'telegram', botToken: '999:zzz', chatId: '1', apiBase: failing.url }],
    });
    const run = await runTrigger(browser, trigger.id);
    await failing.close();
    expect(run.outcome).toBe('failed');
    expect(run.errors[0]).toMatch(/^Action 1 \(telegram\): answered 400/);
    const shown = (await browser.get(triggerPath(TRIGGER_PATHS.item, trigger.id))).json<Trigger>();
    expect(shown.channelError).toMatch(/chat not found/);
    expect(shown.channelError).not.toContain('999:zzz');
    const monitor = (await browser.get(TRACKING_API_PATHS.monitor)).json<MonitorResponse>();
    const line = monitor.background.find((item) => item.name === 'Trigger notifications');
    expect(line).toMatchObject({ state: 'failing' });
    expect(line?.detail).toContain(`"${trigger.name}": Action 1 (telegram): answered 400`);

    const guarded = await makeTrigger(browser, {
      ...rule,
      actions: [{ type: 'webhook', url: 'http://10.1.2.3/hook' }],
    });
    const refused = await runTrigger(browser, guarded.id);
    expect(refused.errors[0]).toMatch(/10\.1\.2\.3 is/);
  });

  it('adds token values to a list exported per traffic source', async () => {
    const trigger = await makeTrigger(browser, {
      ...rule,
      scope: { dimension: 'token_1', filters: { campaign: [campaign.id] } },
      actions: [{ type: 'add_to_list', list: 'blacklisted zones' }],
    });
    await fetch(`${cairn.url}/click?key=${campaign.key}&zone=zone7`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': '212.27.48.10' },
    });
    await fetch(`${cairn.url}/click?key=${campaign.key}&zone=zone7`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': '212.27.48.10' },
    });
    await cairn.tracking.recorder.flushNow();
    clock.advance(MINUTE);
    const run = await runTrigger(browser, trigger.id);
    expect(run.errors).toEqual([]);
    const lists = (
      await browser.get(
        `${TRIGGER_PATHS.tokenLists}?name=${encodeURIComponent('blacklisted zones')}&trafficSourceId=${campaign.trafficSourceId}`,
      )
    ).json<TokenListResponse>();
    expect(lists.items.map((item) => item.value)).toContain('zone7');
  });

  it('writes plain one-line names', () => {
    expect(plain('a\nb\u0007c\u2028d')).toBe('a b c d');
    const text = messageText(
      { trigger: { id: 1, name: 'x\ny' }, dryRun: true, at: 'now', conditions: 'roi < -40', firings: [] },
      ['clicks'],
    );
    expect(text.split('\n')[0]).toBe('Trigger "x y" fired (dry run) at now');
  });

  it('checks tracking domains: one that does not resolve is marked, and shows on /monitor', async () => {
    const domains = kindClient(browser, 'domain');
    const gone = await domains.make({ host: 'gone.invalid' });
    const result = await browser.post(TRIGGER_PATHS.domainChecks);
    expect(result.status).toBe(200);
    const { items } = result.json<DomainCheckList>();
    expect(items.find((item) => item.domainId === gone.id)?.problem).toMatch(
      /^gone\.invalid does not resolve/,
    );
    const attention = (await browser.get(TRIGGER_PATHS.attention)).json<DomainAttention>();
    expect(attention.items.map((item) => [item.domainId, item.triggerId])).toEqual([[gone.id, null]]);
    const monitor = (await browser.get(TRACKING_API_PATHS.monitor)).json<MonitorResponse>();
    const line = monitor.background.find((item) => item.name === 'Tracking domains');
    expect(line).toMatchObject({ state: 'failing' });
    expect(line?.detail).toContain('gone.invalid: gone.invalid does not resolve');
    expect((await browser.call('DELETE', triggerPath(TRIGGER_PATHS.attentionItem, gone.id))).status).toBe(
      200,
    );
    expect((await browser.call('DELETE', triggerPath(TRIGGER_PATHS.attentionItem, gone.id))).status).toBe(
      404,
    );
  });
});
