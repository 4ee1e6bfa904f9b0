import { Writable } from 'node:stream';
import { DIAGNOSTICS_PATH, type Diagnostics, diagnosticsSchema } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';
import { createLogger, RecentErrors } from '../logger.ts';
import { MASK, maskText, maskValue } from './mask.ts';

// The diagnostics bundle through the real server: admins only, every secret masked, and the last errors
// the node logged, bounded.

const sink = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

const METRICS_TOKEN = 'metrics-token-7f3a9c';
const ADMIN_PASSWORD_SET = 'Admin pass 9911 secret';

let cairn: RunningCairn;
let admin: TestBrowser;

beforeAll(async () => {
  ({ cairn, browser: admin } = await signedInAdmin({
    // Errors are what the bundle keeps; a silent logger would keep none.
    logLevel: 'error',
    logDestination: sink(),
    metricsToken: METRICS_TOKEN,
    feedbackUrl: 'https://tracker.example/issues/new',
  }));
});
afterAll(async () => {
  await cairn.close();
});

describe('diagnostics', () => {
  it('answers admins only', async () => {
    const password = 'Diag viewer pass 4471';
    await kindClient(admin, 'user').make({
      login: 'diag-viewer',
      password,
      role: 'user',
      permissions: [{ kind: 'campaign', scope: 'all', access: 'read' }],
    });
    const plain = new TestBrowser(cairn.url);
    expect((await plain.signIn('diag-viewer', password)).status).toBe(200);
    expect((await plain.get(DIAGNOSTICS_PATH)).status).toBe(403);
    expect((await new TestBrowser(cairn.url).get(DIAGNOSTICS_PATH)).status).toBe(401);
  });

  it('shows version, runtime, stores and figures with every secret masked', async () => {
    process.env.CAIRN_EVENTS_DB = 'http://cairn:ch-pass-5521@127.0.0.1:8123/cairn';
    process.env.CAIRN_SECRET_KEY = 'c2VjcmV0LWtleS1vZi0zMi1ieXRlcy1sb25nLi4uLi4=';
    process.env.CAIRN_ADMIN_PASSWORD = ADMIN_PASSWORD_SET;
    let result: Awaited<ReturnType<TestBrowser['get']>>;
    try {
      result = await admin.get(DIAGNOSTICS_PATH);
    } finally {
      delete process.env.CAIRN_EVENTS_DB;
      delete process.env.CAIRN_SECRET_KEY;
      delete process.env.CAIRN_ADMIN_PASSWORD;
    }
    expect(result.status).toBe(200);
    const bundle = diagnosticsSchema.parse(result.json()) as Diagnostics;
    expect(bundle.version).toMatch(/\d+\.\d+/);
    expect(bundle.runtime.node).toBe(process.version);
    expect(bundle.stores.events).toBe('duckdb');
    expect(bundle.node.backlogEvents).toBeGreaterThanOrEqual(0);
    expect(bundle.config.port).toBe(0);
    expect(bundle.config.metricsToken).toBe(MASK);
    expect(bundle.config.feedbackUrl).toBe('https://tracker.example/issues/new');
    expect(bundle.config).not.toHaveProperty('now');
    expect(bundle.environment.CAIRN_EVENTS_DB).toBe(
      `http://cairn:${encodeURIComponent(MASK)}@127.0.0.1:8123/cairn`,
    );
    expect(bundle.environment.CAIRN_SECRET_KEY).toBe(MASK);
    expect(bundle.environment.CAIRN_ADMIN_PASSWORD).toBe(MASK);
    const text = JSON.stringify(bundle);
    for (const secret of [METRICS_TOKEN, 'ch-pass-5521', ADMIN_PASSWORD_SET, 'c2VjcmV0LWtleS1v']) {
      expect(text).not.toContain(secret);
    }
  });

  it('lists the last errors the node logged, masked and bounded', async () => {
    const stop = cairn.changes.onChange((kind) => {
      if (kind === 'diagnostics-test')
        throw new Error('cannot reach postgres://cairn:pg-pass-8812@db:5432/cairn');
    });
    try {
      await cairn.changes.emit('diagnostics-test', 1);
    } finally {
      stop();
    }
    const bundle = (await admin.get(DIAGNOSTICS_PATH)).json<Diagnostics>();
    const last = bundle.recentErrors.at(-1);
    expect(last?.message).toBe('entity change listener failed');
    expect(last?.error).toContain('cannot reach postgres://cairn:');
    expect(JSON.stringify(bundle.recentErrors)).not.toContain('pg-pass-8812');
  });
});

describe('the recent errors ring', () => {
  it('keeps only error lines, the newest N, oldest first, from child loggers too', () => {
    const ring = new RecentErrors(3);
    const logger = createLogger('info', sink(), ring);
    logger.info('not kept');
    logger.warn('not kept either');
    for (let n = 1; n <= 5; n++) logger.error({ err: new TypeError(`failure ${n}`) }, `line ${n}`);
    logger.child({ request: 1 }).error('from a child');
    expect(ring.list().map((entry) => entry.message)).toEqual(['line 4', 'line 5', 'from a child']);
    expect(ring.list()[0]?.error).toBe('TypeError: failure 4');
  });
});

describe('masking', () => {
  it('masks secret names, URL passwords and secret query parameters', () => {
    expect(maskValue('licenseKey', 'abc')).toBe(MASK);
    expect(maskValue('CAIRN_METRICS_TOKEN', 'abc')).toBe(MASK);
    expect(maskValue('apiKeyRequestsPerMinute', 120)).toBe(120);
    expect(maskValue('licensePublicKey', 'pub')).toBe('pub');
    expect(maskValue('configDb', 'postgres://u:p4ss@db/cairn?schema=s1')).toBe(
      `postgres://u:${encodeURIComponent(MASK)}@db/cairn?schema=s1`,
    );
    expect(maskText('see https://h.example/x?api_key=k1&b=2 now')).not.toContain('k1');
    expect(maskValue('privateDestinations', ['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });
});
