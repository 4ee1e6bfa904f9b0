import { describe, expect, it, vi } from 'vitest';
import { fakeServer, json, on } from '../app/testing.ts';
import { createApiClient } from './client.ts';
import { installRequestLogging } from './requestLogging.ts';

describe('request logging', () => {
  it('logs answered calls only while enabled', async () => {
    const server = fakeServer(on('GET', '/api/mode', () => json({ mode: 'normal' })));
    const client = createApiClient({ fetch: server.fetch });
    const logger = { info: vi.fn() };
    let enabled = false;
    installRequestLogging(client, () => enabled, logger);
    await client.get('/api/mode');
    expect(logger.info).not.toHaveBeenCalled();
    enabled = true;
    await client.get('/api/mode', { query: { a: 1 } });
    await client.get('/api/missing');
    expect(logger.info.mock.calls).toEqual([
      ['[cairn] GET /api/mode?a=1 -> 200'],
      ['[cairn] GET /api/missing -> 404'],
    ]);
  });
});
