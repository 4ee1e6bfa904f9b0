import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { useClickServer } from '../../../test-support/clicks.ts';
import { deriveKeys, loadMasterKey } from '../../auth/secrets.ts';
import { HOP_LINK_LIFETIME_MS, HopLinks } from './hopLinks.ts';

// The double meta refresh's hop and HEAD requests on the click path, on the real server.

const server = useClickServer();

const OFFER_URL = 'https://offer.example/';

/** The hop link a double-meta click's page refreshes to. */
async function hopLinkOfClick(): Promise<string> {
  const offer = await server.offers.make({ name: 'hop offer', url: OFFER_URL });
  const campaign = await server.makeCampaign({
    redirectMode: 'double_meta_refresh',
    flow: { defaultPaths: [{ offers: [{ offerId: offer.id }] }] },
  });
  const page = await fetch(`${server.cairn.url}/click?key=${campaign.key}`);
  const match = /url=(\/click\/hop\?[^"]+)"/.exec(await page.text());
  expect(match, 'the page refreshes to the hop').not.toBeNull();
  return (match?.[1] ?? '').replaceAll('&amp;', '&');
}

const hop = (link: string) => fetch(`${server.cairn.url}${link}`, { redirect: 'manual' });

describe('hop links', () => {
  it('are followed until they expire', async () => {
    const link = await hopLinkOfClick();
    expect(new URLSearchParams(link.split('?')[1]).get('u')).toBe(OFFER_URL);
    const followed = await hop(link);
    expect(followed.status).toBe(200);
    expect(await followed.text()).toContain(`url=${OFFER_URL}`);

    server.clock.advance(HOP_LINK_LIFETIME_MS + 1000);
    const expired = await hop(link);
    expect(expired.status).toBe(404);
    expect(await expired.text()).not.toContain(OFFER_URL);
  });

  it('are signed with a key of their own, not the CSRF key, and compared in constant time', async () => {
    const keys = deriveKeys(loadMasterKey(server.cairn.config.dataDir, null));
    expect(keys.hop.equals(keys.csrf)).toBe(false);
    const path = server.cairn.tracking.engine.settings.paths.hop;
    const signedWith = (key: Buffer) => `${path}?${new HopLinks(key, server.clock.now).query(OFFER_URL)}`;
    expect((await hop(signedWith(keys.csrf))).status).toBe(404);
    expect((await hop(signedWith(keys.hop))).status).toBe(200);

    const compare = vi.spyOn(crypto, 'timingSafeEqual');
    const forged = signedWith(keys.hop).replace(/s=[^&]+$/, `s=${'A'.repeat(22)}`);
    expect((await hop(forged)).status).toBe(404);
    expect(compare).toHaveBeenCalled();
    compare.mockRestore();
  });

  it('are refused with a changed target or expiry', async () => {
    const link = await hopLinkOfClick();
    expect((await hop(link.replace('offer.example', 'evil.example'))).status).toBe(404);
    const later = (server.clock.now() + 24 * 60 * 60 * 1000).toString(36);
    expect((await hop(link.replace(/e=[0-9a-z]+/, `e=${later}`))).status).toBe(404);
    expect((await hop(link.replace(/&e=[0-9a-z]+/, ''))).status).toBe(404);
  });
});

describe('HEAD on the click path', () => {
  it('is answered without a body and records no click', async () => {
    const campaign = await server.makeCampaign({
      flow: { defaultPaths: [{ offers: [{ offerId: server.hitOffer }] }] },
    });
    const clicks = async () => {
      await server.cairn.tracking.recorder.flushNow();
      const rows = await server.cairn.events.query(
        'SELECT count(*) AS n FROM events WHERE campaign_id = $1',
        [campaign.id],
      );
      return Number(rows[0]?.n);
    };
    for (const path of ['/click', '/click.php']) {
      const answer = await fetch(`${server.cairn.url}${path}?key=${campaign.key}`, {
        method: 'HEAD',
        redirect: 'manual',
      });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('');
    }
    expect(await clicks()).toBe(0);
    expect((await server.visit(`/click?key=${campaign.key}`)).status).toBe(302);
    expect(await clicks()).toBe(1);
  });
});
