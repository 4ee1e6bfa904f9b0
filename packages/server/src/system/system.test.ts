import { API_PATHS, modeResponseSchema } from '@cairn/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestCairn, TestBrowser } from '../../test-support/server.ts';
import { ConfigError, loadConfig, resolveConfig } from '../config.ts';
import type { RunningCairn } from '../index.ts';
import { modeResponse } from './routes.ts';

const started: RunningCairn[] = [];
afterAll(async () => {
  for (const cairn of started) await cairn.close();
});

describe('links of the panel messages (CAIRN_LINK_*)', () => {
  it('reads the four variables, trimmed; none is set by default', () => {
    expect(
      loadConfig({
        CAIRN_LINK_TRIAL: ' https://tracker.example/trial ',
        CAIRN_LINK_SUPPORT: 'https://tracker.example/support',
        CAIRN_LINK_TELEGRAM: 'https://t.me/tracker_support',
        CAIRN_LINK_LICENSE: 'http://tracker.example/login',
      }),
    ).toEqual({
      linkTrial: 'https://tracker.example/trial',
      linkSupport: 'https://tracker.example/support',
      linkTelegram: 'https://t.me/tracker_support',
      linkLicense: 'http://tracker.example/login',
    });
    const defaults = resolveConfig(loadConfig({}));
    expect([defaults.linkTrial, defaults.linkSupport, defaults.linkTelegram, defaults.linkLicense]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('refuses anything but a web address, naming the variable', () => {
    expect(() => loadConfig({ CAIRN_LINK_TRIAL: 'javascript:alert(1)' })).toThrow(/CAIRN_LINK_TRIAL/);
    expect(() => loadConfig({ CAIRN_LINK_SUPPORT: 'support.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ CAIRN_LINK_LICENSE: 'ftp://tracker.example/' })).toThrow(/CAIRN_LINK_LICENSE/);
  });

  it('answers only the links that are set with the mode', () => {
    const config = resolveConfig({ linkTrial: 'https://tracker.example/trial', linkLicense: null });
    expect(modeResponse(config)).toEqual({
      mode: 'normal',
      links: { trial: 'https://tracker.example/trial' },
    });
    expect(modeResponse(resolveConfig({ mode: 'demo' }))).toEqual({ mode: 'demo' });
  });

  it('serves them on the public GET /api/mode', async () => {
    const cairn = await startTestCairn({
      mode: 'demo',
      linkSupport: 'https://tracker.example/support',
      linkTelegram: 'https://t.me/tracker_support',
    });
    started.push(cairn);
    const answer = await new TestBrowser(cairn.url).get(API_PATHS.mode);
    expect(answer.status).toBe(200);
    expect(modeResponseSchema.parse(answer.body)).toEqual({
      mode: 'demo',
      links: { support: 'https://tracker.example/support', telegram: 'https://t.me/tracker_support' },
    });
  });
});
