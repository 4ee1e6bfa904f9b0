import type { Domain, Landing } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, type KindClient, kindClient, signedInAdmin } from '../../../test-support/entities.ts';
import type { TestBrowser } from '../../../test-support/server.ts';
import type { RunningCairn } from '../../index.ts';

let cairn: RunningCairn;
let browser: TestBrowser;
let landings: KindClient;

beforeAll(async () => {
  ({ cairn, browser } = await signedInAdmin());
  landings = kindClient(browser, 'landing');
});
afterAll(async () => {
  await cairn.close();
});

describe('landing', () => {
  it('is created, read, updated and deleted, with its click-through URLs', async () => {
    const group = await kindClient(browser, 'group').make({ name: 'Quizzes', kind: 'landing' });
    const created = await landings.create({
      name: 'Quiz lander',
      url: 'https://lp.example/quiz/?c={clickid}',
      offersCount: 3,
      language: 'pt-BR',
      groupId: group.id,
    });
    expect(created.status).toBe(201);
    const landing = created.json<Landing>();
    const origin = new URL(cairn.url).host;
    expect(landing).toMatchObject({
      name: 'Quiz lander',
      offersCount: 3,
      language: 'pt-BR',
      groupId: group.id,
      lpProtect: false,
      lpProtectKey: null,
      clickThroughUrl: `http://${origin}/click?lp=1`,
      offerClickThroughUrls: [
        `http://${origin}/click?lp=1&to_offer=1`,
        `http://${origin}/click?lp=1&to_offer=2`,
        `http://${origin}/click?lp=1&to_offer=3`,
      ],
    });
    expect((await landings.get(landing.id)).json<Landing>()).toEqual(landing);

    const single = await landings.put(landing.id, { name: 'Quiz lander', url: landing.url, offersCount: 1 });
    expect(single.json<Landing>()).toMatchObject({
      offersCount: 1,
      offerClickThroughUrls: [],
      groupId: null,
    });
    expect((await landings.remove(landing.id)).status).toBe(200);
  });

  it('builds click-through URLs on the default tracking domain', async () => {
    const domains = kindClient(browser, 'domain');
    const domain = await domains.make<Domain>({ host: 'trk.landing-test.example', isDefault: true });
    const landing = await landings.make<Landing>({ name: 'On domain', url: 'https://lp.example/' });
    expect(landing.clickThroughUrl).toBe('https://trk.landing-test.example/click?lp=1');
    // Archived domains are not used.
    await domains.archive(domain.id);
    expect((await landings.get(landing.id)).json<Landing>().clickThroughUrl).toBe(`${cairn.url}/click?lp=1`);
  });

  it('keeps its LP-protect key across edits and issues a new one after protection was off', async () => {
    const landing = await landings.make<Landing>({
      name: 'Protected',
      url: 'https://lp.example/p',
      lpProtect: true,
    });
    expect(landing.lpProtectKey).toMatch(/^[\w-]{24}$/);
    const edited = await landings.put(landing.id, {
      name: 'Protected, renamed',
      url: 'https://lp.example/p',
      lpProtect: true,
    });
    expect(edited.json<Landing>().lpProtectKey).toBe(landing.lpProtectKey);
    // The key is the server's: a body cannot set it.
    const forged = await landings.put(landing.id, {
      name: 'Protected, renamed',
      url: 'https://lp.example/p',
      lpProtect: true,
      lpProtectKey: 'chosen-by-client',
    });
    expect(forged.json<Landing>().lpProtectKey).toBe(landing.lpProtectKey);
    const off = await landings.mass([landing.id], { lpProtect: false });
    expect(off.status).toBe(200);
    expect((await landings.get(landing.id)).json<Landing>().lpProtectKey).toBeNull();
    await landings.mass([landing.id], { lpProtect: true });
    const fresh = (await landings.get(landing.id)).json<Landing>().lpProtectKey;
    expect(fresh).toMatch(/^[\w-]{24}$/);
    expect(fresh).not.toBe(landing.lpProtectKey);
  });

  it('validates offers count, language and group kind at their fields', async () => {
    const offerGroup = await kindClient(browser, 'group').make({
      name: 'Offer group for landers',
      kind: 'offer',
    });
    const bad = await landings.create({
      name: 'Bad',
      url: 'https://lp.example/',
      offersCount: 31,
      language: 'English',
    });
    expect(bad.status).toBe(400);
    expect(errorFields(bad).sort()).toEqual(['language', 'offersCount']);
    const wrongGroup = await landings.create({
      name: 'Bad',
      url: 'https://lp.example/',
      groupId: offerGroup.id,
    });
    expect(errorFields(wrongGroup)).toEqual(['groupId']);
    expect((await kindClient(browser, 'group').remove(offerGroup.id)).status).toBe(200);
  });
});
