import {
  CONFIG_BUNDLE_PATHS,
  type ConfigBundle,
  type ConfigImportResponse,
  type Landing,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { ConversionKit, postbackKeyOf } from '../../test-support/postbacks.ts';
import type { TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';
import { openSecrets, sealSecrets } from './secrets.ts';

// A bundle's secrets through the real API: exported only by POST with a passphrase, unreadable without it,
// and imported so the moved networks' postback URLs and protected landers' pasted code keep working.

const PASSPHRASE = 'correct horse battery staple';

interface Installation {
  cairn: RunningCairn;
  browser: TestBrowser;
}

async function importInto(target: Installation, body: unknown, query: string) {
  const result = await target.browser.post(`${CONFIG_BUNDLE_PATHS.import}?${query}`, body);
  return {
    status: result.status,
    body: result.json<ConfigImportResponse>(),
    fields: result.status === 400 ? errorFields(result) : [],
  };
}

async function keysOf(browser: TestBrowser): Promise<{ current: string; previous: number }> {
  const links = (await browser.get('/api/tracking/links')).json<{ previousPostbackKeys: number }>();
  return { current: await postbackKeyOf(browser), previous: links.previousPostbackKeys };
}

async function landerKey(browser: TestBrowser, name: string): Promise<string | null> {
  const list = (await kindClient(browser, 'landing').list(`search=${encodeURIComponent(name)}`)).json<{
    items: Landing[];
  }>();
  const found = list.items.find((item) => item.name === name);
  return (found as (Landing & { lpProtectKey?: string | null }) | undefined)?.lpProtectKey ?? null;
}

describe('configuration bundle secrets', () => {
  let source: Installation;
  let sourceKeys: string[];
  let sealed: ConfigBundle;

  beforeAll(async () => {
    source = await signedInAdmin({ trustProxy: true });
    const first = await postbackKeyOf(source.browser);
    expect((await source.browser.post('/api/settings/postback-keys/rotate', {})).status).toBe(200);
    sourceKeys = [await postbackKeyOf(source.browser), first];
    const landers = kindClient(source.browser, 'landing');
    await landers.make({ name: 'Protected', url: 'https://lp.example/a', lpProtect: true });
    await landers.make({ name: 'Open', url: 'https://lp.example/b', lpProtect: false });
    const exported = await source.browser.post(CONFIG_BUNDLE_PATHS.export, { passphrase: PASSPHRASE });
    expect(exported.status).toBe(200);
    sealed = exported.json<ConfigBundle>();
  });
  afterAll(async () => {
    await source.cairn.close();
  });

  it('seals them: no key in clear, and none in the bundle a GET gives', async () => {
    const text = JSON.stringify(sealed);
    const lpKey = await landerKey(source.browser, 'Protected');
    expect(lpKey).toEqual(expect.any(String));
    for (const secret of [...sourceKeys, lpKey ?? '']) expect(text).not.toContain(secret);
    expect(sealed.secrets).toMatchObject({ kdf: 'scrypt', log2Cost: 15 });
    const plain = (await source.browser.get(CONFIG_BUNDLE_PATHS.export)).json<ConfigBundle>();
    expect(plain.secrets).toBeUndefined();
    // Opened with the passphrase they are the installation's keys, current first, and the protected lander's.
    const opened = await openSecrets(sealed.secrets as NonNullable<ConfigBundle['secrets']>, PASSPHRASE);
    expect(opened).toEqual({ postbackKeys: sourceKeys, lpProtectKeys: { Protected: lpKey } });
  });

  it('refuses a short passphrase and audits an export with secrets', async () => {
    const short = await source.browser.post(CONFIG_BUNDLE_PATHS.export, { passphrase: 'short' });
    expect(short.status).toBe(400);
    expect(errorFields(short)).toEqual(['passphrase']);
    const audit = await source.cairn.store.query<{ details: string }>(
      "SELECT details FROM audit_log WHERE action = 'config_exported' ORDER BY id",
    );
    // The export of beforeAll, then the plain one; the refused one left nothing.
    expect(audit.map((row) => JSON.parse(String(row.details)))).toEqual([
      { kinds: ['all'], secrets: true },
      { kinds: ['all'] },
    ]);
  });

  describe('imported', () => {
    let target: Installation;
    let targetKey: string;
    beforeAll(async () => {
      target = await signedInAdmin({ trustProxy: true });
      targetKey = await postbackKeyOf(target.browser);
    });
    afterAll(async () => {
      await target.cairn.close();
    });

    it('is refused without the passphrase, with a wrong one, or with a changed byte, changing nothing', async () => {
      const without = await importInto(target, sealed, 'dryRun=false');
      expect(without.status).toBe(400);
      expect(without.fields).toEqual(['passphrase']);
      const wrong = await importInto(
        target,
        { ...sealed, passphrase: 'not the passphrase at all' },
        'dryRun=false',
      );
      expect(wrong.status).toBe(400);
      expect(wrong.fields).toEqual(['passphrase']);
      const secrets = sealed.secrets as NonNullable<ConfigBundle['secrets']>;
      const [iv, tag, body] = secrets.sealed.split('.');
      const flipped = `${body?.[0] === 'A' ? 'B' : 'A'}${body?.slice(1)}`;
      const tampered = {
        ...sealed,
        secrets: { ...secrets, sealed: `${iv}.${tag}.${flipped}` },
        passphrase: PASSPHRASE,
      };
      expect((await importInto(target, tampered, 'dryRun=false')).status).toBe(400);
      // A hostile cost is refused before any memory is spent on it.
      const costly = { ...sealed, secrets: { ...secrets, log2Cost: 30 }, passphrase: PASSPHRASE };
      const refused = await importInto(target, costly, 'dryRun=false');
      expect(refused.status).toBe(400);
      expect(refused.fields).toEqual(['secrets.log2Cost']);
      expect(await landerKey(target.browser, 'Protected')).toBeNull();
      expect(await keysOf(target.browser)).toEqual({ current: targetKey, previous: 0 });
    });

    it('plans them on a dry run and changes nothing', async () => {
      const plan = await importInto(target, { ...sealed, passphrase: PASSPHRASE }, 'dryRun=true');
      expect(plan.status).toBe(200);
      const secretItems = plan.body.items.filter((item) => item.kind === 'secrets');
      expect(secretItems.map(({ key, action }) => ({ key, action }))).toEqual([
        { key: 'postbackKeys', action: 'created' },
        { key: 'lpProtectKey:Protected', action: 'created' },
      ]);
      expect(await keysOf(target.browser)).toEqual({ current: targetKey, previous: 0 });
    });

    it("keeps the moved networks' postbacks and protected landers working", async () => {
      const done = await importInto(target, { ...sealed, passphrase: PASSPHRASE }, 'dryRun=false');
      expect(done.status).toBe(200);
      // `skip`: this installation's key stays the one handed out; the imported ones are accepted too.
      expect(await keysOf(target.browser)).toEqual({ current: targetKey, previous: 2 });
      expect(await landerKey(target.browser, 'Protected')).toBe(await landerKey(source.browser, 'Protected'));
      expect(await landerKey(target.browser, 'Open')).toBeNull();
      const kit = new ConversionKit(target.cairn, target.browser);
      const campaign = await kit.campaign({ network: {} });
      for (const key of [...sourceKeys, targetKey]) {
        const clickId = await kit.click(campaign);
        expect(await kit.postback(`/postback?clickid=${clickId}`, { key })).toMatchObject({ status: 200 });
      }
      // Importing the same secrets again changes nothing.
      const again = await importInto(target, { ...sealed, passphrase: PASSPHRASE }, 'dryRun=false');
      expect(again.body.items.filter((item) => item.kind === 'secrets').map((item) => item.action)).toEqual([
        'skipped',
        'skipped',
      ]);
      const audit = await target.cairn.store.query<{ details: string }>(
        "SELECT details FROM audit_log WHERE action = 'config_imported' ORDER BY id",
      );
      const details = String(audit[0]?.details);
      expect(JSON.parse(details)).toMatchObject({ secrets: ['postbackKeys', 'lpProtectKey:Protected'] });
      for (const secret of sourceKeys) expect(details).not.toContain(secret);
    });
  });

  it("makes the bundle's key current under overwrite", async () => {
    const target = await signedInAdmin({ trustProxy: true });
    try {
      const own = await postbackKeyOf(target.browser);
      const done = await importInto(
        target,
        { ...sealed, passphrase: PASSPHRASE },
        'dryRun=false&conflict=overwrite',
      );
      expect(done.status).toBe(200);
      expect(await keysOf(target.browser)).toEqual({ current: sourceKeys[0], previous: 2 });
      const kit = new ConversionKit(target.cairn, target.browser);
      const campaign = await kit.campaign({ network: {} });
      const clickId = await kit.click(campaign);
      expect(await kit.postback(`/postback?clickid=${clickId}`, { key: own })).toMatchObject({ status: 200 });
    } finally {
      await target.cairn.close();
    }
  });
});

describe('sealing', () => {
  it('opens with the passphrase only, whatever its normal form', async () => {
    const values = { postbackKeys: ['k1'], lpProtectKeys: { LP: 's1' } };
    const sealedValues = await sealSecrets(values, 'Crème brûlée forever');
    expect(await openSecrets(sealedValues, 'Cre\u0300me bru\u0302le\u0301e forever')).toEqual(values);
    await expect(openSecrets(sealedValues, 'Creme brulee forever')).rejects.toMatchObject({ status: 400 });
  });
});
