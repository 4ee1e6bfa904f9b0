import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Campaign } from '@cairn/contract';
import { fastifyCookie } from '@fastify/cookie';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { clickTimeOf } from '../events/clickId.ts';
import type { RunningCairn } from '../index.ts';
import { CommitPacer } from '../journal/commitPacer.ts';
import { createClickHandler, setCookieOf } from './clickHandler.ts';

// Clicks reach the click handler before the framework's router on a listening server, and through the
// router's own click route otherwise (inject, or a path the hand-off does not take). Both must answer
// alike, keep the proxy-trust rules and leave Binom-style postbacks to the postback handler.

let cairn: RunningCairn | null = null;
afterEach(async () => {
  await cairn?.close();
  cairn = null;
});

async function started(trustProxy: boolean | number | string[]) {
  const admin = await signedInAdmin({ trustProxy });
  cairn = admin.cairn;
  const offer = await kindClient(admin.browser, 'offer').make({
    name: 'where to',
    url: 'https://offer.example/?c={clickid}&cc={country_code}&ip={ip}',
  });
  const campaign = await kindClient(admin.browser, 'campaign').make<Campaign>({
    name: 'both ways',
    uniqueness: { mode: 'cookie', windowHours: 24 },
    flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }] },
  });
  await admin.cairn.tracking.table.settled();
  return { running: admin.cairn, campaign };
}

const FR_IP = '212.27.48.10';

describe('the click hand-off before the router', () => {
  it('answers a click as the router route does, with the same headers and cookies', async () => {
    const { running, campaign } = await started(true);
    const headers = { 'x-forwarded-for': FR_IP, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' };
    const listening = await fetch(`${running.url}/click?key=${campaign.key}`, {
      headers,
      redirect: 'manual',
    });
    // Another visitor: a repeat visitor gets no new uniqueness mark.
    const injected = await running.app.inject({
      method: 'GET',
      url: `/click?key=${campaign.key}`,
      headers: { ...headers, 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)' },
    });
    for (const answer of [
      {
        status: listening.status,
        location: listening.headers.get('location') ?? '',
        cookies: listening.headers.getSetCookie(),
      },
      {
        status: injected.statusCode,
        location: String(injected.headers.location ?? ''),
        cookies: ([] as string[]).concat(injected.headers['set-cookie'] ?? []),
      },
    ]) {
      expect(answer.status).toBe(302);
      const location = new URL(answer.location);
      expect(location.searchParams.get('cc')).toBe('FR');
      expect(location.searchParams.get('ip')).toBe(FR_IP);
      // No lander on the path, so only the uniqueness mark is set (no click cookie for a click-through).
      expect(answer.cookies.map((cookie) => cookie.split('=')[0])).toEqual([`cairn_u${campaign.id}`]);
      expect(answer.cookies.every((cookie) => /HttpOnly/i.test(cookie) && /SameSite=Lax/i.test(cookie))).toBe(
        true,
      );
    }
    expect(listening.headers.get('cache-control')).toBe(String(injected.headers['cache-control']));
    const head = await fetch(`${running.url}/click.php?key=${campaign.key}`, {
      method: 'HEAD',
      redirect: 'manual',
    });
    // A link check: answered, and no click recorded (hopLinks.test.ts counts them).
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('ignores X-Forwarded-For unless a proxy is trusted, and marks cookies secure behind https', async () => {
    const { running, campaign } = await started(false);
    const answer = await fetch(`${running.url}/click?key=${campaign.key}`, {
      headers: { 'x-forwarded-for': FR_IP, 'x-forwarded-proto': 'https' },
      redirect: 'manual',
    });
    const location = new URL(answer.headers.get('location') ?? '');
    expect(location.searchParams.get('ip')).toBe('127.0.0.1');
    expect(answer.headers.getSetCookie().some((cookie) => /Secure/i.test(cookie))).toBe(false);
    await running.close();

    const trusted = await started(['127.0.0.1']);
    const behindProxy = await fetch(`${trusted.running.url}/click?key=${trusted.campaign.key}`, {
      headers: { 'x-forwarded-for': `10.9.9.9, ${FR_IP}`, 'x-forwarded-proto': 'https' },
      redirect: 'manual',
    });
    expect(new URL(behindProxy.headers.get('location') ?? '').searchParams.get('ip')).toBe(FR_IP);
    expect(behindProxy.headers.getSetCookie().every((cookie) => /Secure/i.test(cookie))).toBe(true);
  });

  it('leaves Binom-style postbacks on the click path to the postback handler', async () => {
    const { running } = await started(true);
    const answer = await fetch(
      `${running.url}/click?cnv_id=not-a-click-id&payout=1&key=${running.tracking.conversions.keys.current}`,
    );
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    const post = await fetch(`${running.url}/click?key=whatever`, { method: 'POST' });
    expect(post.status).toBe(404);
  });
});

describe('clicks under load', () => {
  it('answers every click of a batch held back for more, or polled for after, each journaled and stored once', async () => {
    const { running, campaign } = await started(true);
    // The server's pacer holds batches only from ~16,000 clicks/s; this one from 80 a second (half of 16
    // due within 100 ms), so the test's clicks are held as a rush's would be, even on a slow machine.
    // It also keeps the loop polling for 20 ms after each commit, where the server's does for 0.3 ms.
    const pacer = new CommitPacer({ minBatch: 16, maxLingerMs: 100, pollAfterCommitMs: 20 });
    let held = 0;
    let polled = 0;
    const shouldWait = pacer.shouldWait.bind(pacer);
    pacer.shouldWait = (size) => {
      const wait = shouldWait(size);
      if (wait) held += 1;
      return wait;
    };
    const shouldPoll = pacer.shouldPoll.bind(pacer);
    pacer.shouldPoll = (size) => {
      const poll = shouldPoll(size);
      if (poll) polled += 1;
      return poll;
    };
    const handler = createClickHandler({
      runtime: running.tracking,
      now: Date.now,
      trustProxy: ['127.0.0.1'],
      logger: { warn() {}, error() {}, debug() {} },
      pacer,
    });
    const server = http.createServer((request, response) => void handler.serve(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const click = async (index: number) => {
        const answer = await fetch(`${base}/click?key=${campaign.key}`, {
          headers: { 'x-forwarded-for': `203.0.113.${index % 250}`, 'user-agent': `rush ${index}` },
          redirect: 'manual',
        });
        expect(answer.status).toBe(302);
        return new URL(answer.headers.get('location') ?? '').searchParams.get('c') ?? '';
      };
      const ids: string[] = [];
      for (let wave = 0; wave < 10; wave += 1) {
        ids.push(...(await Promise.all(Array.from({ length: 30 }, (_, index) => click(wave * 30 + index)))));
      }
      expect(held).toBeGreaterThan(0);
      expect(polled).toBeGreaterThan(0);
      expect(new Set(ids).size).toBe(300);
      await running.tracking.recorder.flushNow();
      for (const id of ids) {
        const stored = await running.tracking.findClick(id, clickTimeOf(id) as number);
        expect(stored?.clickId).toBe(id);
      }
      const stats = running.tracking.recorder.stats();
      expect(stats.backlogEvents).toBe(0);
      expect(stats.flushedTotal).toBe(300);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('a click the journal could not write', () => {
  it('goes to the fallback and is not kept in memory, while the clicks around it are', async () => {
    const { running, campaign } = await started(false);
    const visit = () => fetch(`${running.url}/click?key=${campaign.key}`, { redirect: 'manual' });
    const idOf = (answer: Response) =>
      new URL(answer.headers.get('location') ?? '').searchParams.get('c') ?? '';
    const before = await visit();
    expect(before.status).toBe(302);
    const remembered = running.tracking.recent.size;
    const writes = vi.spyOn(fs, 'writeSync').mockImplementationOnce(() => {
      throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    });
    let refused: Response;
    try {
      refused = await visit();
    } finally {
      writes.mockRestore();
    }
    expect(refused.status).toBe(404);
    expect(running.tracking.recent.size).toBe(remembered);
    const after = await visit();
    expect(after.status).toBe(302);
    expect(running.tracking.recent.size).toBe(remembered + 1);
    for (const answer of [before, after])
      expect(running.tracking.recent.get(idOf(answer))?.clickId).toBe(idOf(answer));
  });
});

describe('the Set-Cookie of a click', () => {
  it("is what the cookie library writes, for the engine's cookies and for anything else", async () => {
    // The plugin loads its cookie module when registered, as the server's app does at start.
    const app = Fastify();
    await app.register(fastifyCookie);
    await app.ready();
    const cookies = [
      { name: 'cairn_u7', value: Date.UTC(2026, 10, 29).toString(36), maxAgeSeconds: 86_400 },
      { name: 'cairn_click', value: '01m8gt3cps6wvgr5g1sbnmg', maxAgeSeconds: 2_592_000 },
      { name: 'cairn_click', value: 'a b;c=d', maxAgeSeconds: 60 },
    ];
    for (const cookie of cookies) {
      for (const secure of [false, true]) {
        expect(setCookieOf(cookie, secure)).toBe(
          fastifyCookie.serialize(cookie.name, cookie.value, {
            path: '/',
            maxAge: cookie.maxAgeSeconds,
            httpOnly: true,
            sameSite: 'lax',
            secure,
          }),
        );
      }
    }
    expect(setCookieOf(cookies[2] as (typeof cookies)[number], false)).toContain('a%20b%3Bc%3Dd');
    await app.close();
  });
});
