import type { Domain, ListResponse } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, type KindClient, kindClient, signedInAdmin } from '../../../test-support/entities.ts';
import { Clock, type TestBrowser } from '../../../test-support/server.ts';
import type { RunningCairn } from '../../index.ts';

let cairn: RunningCairn;
let browser: TestBrowser;
let domains: KindClient;
const clock = new Clock();

beforeAll(async () => {
  ({ cairn, browser } = await signedInAdmin({ now: clock.now }));
  domains = kindClient(browser, 'domain');
});
afterAll(async () => {
  await cairn.close();
});

describe('domain', () => {
  it('is created, read, updated and deleted', async () => {
    const created = await domains.create({ host: ' Track.Example.COM ', notes: 'main' });
    expect(created.status).toBe(201);
    const domain = created.json<Domain>();
    expect(domain).toMatchObject({ host: 'track.example.com', isDefault: false, notes: 'main' });
    const updated = await domains.put(domain.id, { host: 'go.example.com' });
    expect(updated.json<Domain>()).toMatchObject({ host: 'go.example.com', notes: '' });
    expect((await domains.remove(domain.id)).status).toBe(200);
  });

  it('validates the host and refuses one already added', async () => {
    for (const host of [
      'https://track.example.com',
      'track.example.com/path',
      'track.example.com:8080',
      'no_dots',
      '-bad.example.com',
    ]) {
      const result = await domains.create({ host });
      expect(result.status, host).toBe(400);
      expect(errorFields(result)).toEqual(['host']);
    }
    await domains.make({ host: 'dup.example.com' });
    const duplicate = await domains.create({ host: 'DUP.example.com' });
    expect(duplicate.status).toBe(409);
    expect(errorFields(duplicate)).toEqual(['host']);
  });

  it('keeps exactly one default and audits the one that lost it', async () => {
    const first = await domains.make<Domain>({ host: 'first.example.net', isDefault: true });
    clock.advance(60_000);
    const second = await domains.make<Domain>({ host: 'second.example.net', isDefault: true });
    const defaults = (await domains.list('isDefault=true')).json<ListResponse<Domain>>();
    expect(defaults.items.map((domain) => domain.id)).toEqual([second.id]);
    const demoted = (await domains.get(first.id)).json<Domain>();
    expect(demoted.isDefault).toBe(false);
    expect(demoted.updatedAt).toBe(second.createdAt);
    const audit = await browser.get(`/api/audit_log?kind=domain&entityId=${first.id}`);
    expect(audit.json<ListResponse<{ action: string; details: unknown }>>().items[0]).toMatchObject({
      action: 'domain_updated',
      details: { changes: { isDefault: { before: true, after: false } } },
    });
  });
});
