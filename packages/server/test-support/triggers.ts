import http from 'node:http';
import net from 'node:net';
import { type Campaign, TRIGGER_PATHS, type Trigger, type TriggerRun, triggerPath } from '@cairn/contract';
import { expect } from 'vitest';
import type { RunningCairn } from '../src/index.ts';
import { AGENTS, FR_IP } from './clicks.ts';
import type { TestBrowser } from './server.ts';

// Helpers for the trigger tests: clicks through the real click path, triggers through the API, and local
// receivers standing in for a webhook, Slack, Telegram's Bot API and an SMTP server.

export async function visitCampaign(cairn: RunningCairn, campaign: Campaign): Promise<string> {
  const response = await fetch(`${cairn.url}/click?key=${campaign.key}`, {
    headers: { 'x-forwarded-for': FR_IP, 'user-agent': AGENTS.windows },
    redirect: 'manual',
  });
  await response.arrayBuffer();
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '').host.split('.')[0] ?? '';
}

export async function clicks(cairn: RunningCairn, campaign: Campaign, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) await visitCampaign(cairn, campaign);
  await cairn.tracking.recorder.flushNow();
}

export async function makeTrigger(browser: TestBrowser, body: Record<string, unknown>): Promise<Trigger> {
  const result = await browser.post(TRIGGER_PATHS.list, body);
  expect(result.body).toMatchObject({ id: expect.any(Number) });
  expect(result.status).toBe(201);
  return result.json<Trigger>();
}

export async function runTrigger(browser: TestBrowser, id: number): Promise<TriggerRun> {
  const result = await browser.post(triggerPath(TRIGGER_PATHS.run, id));
  expect(result.status).toBe(200);
  return result.json<TriggerRun>();
}

export interface Received {
  path: string;
  body: Record<string, unknown>;
}

/** A local HTTP server that records each POST and answers `status`. */
export async function receiver(
  status = 200,
): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      received.push({ path: request.url ?? '', body: JSON.parse(text || '{}') as Record<string, unknown> });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(
        status === 200 ? '{"ok":true}' : '{"ok":false,"description":"Bad Request: chat not found"}',
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A local SMTP sink: accepts any message without TLS or authentication and keeps what came after DATA. */
export async function smtpSink(): Promise<{
  port: number;
  messages: { from: string; to: string[]; data: string }[];
  close(): Promise<void>;
}> {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 queued\r\n');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (/^EHLO/i.test(line)) socket.write('250-sink\r\n250 8BITMIME\r\n');
        else if (/^MAIL FROM:/i.test(line)) {
          current.from = line.slice(10);
          socket.write('250 ok\r\n');
        } else if (/^RCPT TO:/i.test(line)) {
          current.to.push(line.slice(8));
          socket.write('250 ok\r\n');
        } else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('502 not here\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
