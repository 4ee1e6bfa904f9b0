import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useClickServer } from '../../test-support/clicks.ts';
import { kindClient } from '../../test-support/entities.ts';
import { uploadLanderFile } from '../../test-support/landerFiles.ts';

// A campaign whose lander is a hosted folder, end to end: the click is sent to /lp/<folder>/ with its click
// id, the page comes back with the id and the click-through link filled in, and the link leads to the offer.

const server = useClickServer();

const PAGE = `<!doctype html><title>Offer</title>
<p id="click">{clickid}</p>
<a id="go" href="{click_through_url}">Get it</a>
<script>var through = '{click_through_url}';</script>`;

describe('a hosted lander', () => {
  it('fills the click id and click-through link of the click that came, and passes the visitor on', async () => {
    const { cairn, browser } = server;
    await uploadLanderFile(cairn.url, browser, 'spring', 'index.html', strToU8(PAGE), false);
    const lander = await kindClient(browser, 'landing').make({
      name: 'spring lander',
      url: `${cairn.url}/lp/spring/?clickid={clickid}`,
    });
    const campaign = await server.makeCampaign({
      flow: {
        defaultPaths: [{ landers: [{ landingId: lander.id }], offers: [{ offerId: server.hitOffer }] }],
      },
    });

    const click = await server.visit(`/click?key=${campaign.key}`);
    expect(click.status).toBe(302);
    const toLander = new URL(click.headers.get('location') ?? '');
    expect(toLander.pathname).toBe('/lp/spring/');
    const clickId = toLander.searchParams.get('clickid') ?? '';
    expect(clickId).toMatch(/^[A-Za-z0-9_-]{10,}$/);

    const page = await fetch(toLander);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    const html = await page.text();
    const through = `/click?lp=1&clickid=${clickId}`;
    expect(html).toContain(`<p id="click">${clickId}</p>`);
    expect(html).toContain(`<a id="go" href="${through}">`);
    expect(html).toContain(`var through = '${through}';`);

    const toOffer = await server.visit(through);
    expect(toOffer.status).toBe(302);
    const offer = new URL(toOffer.headers.get('location') ?? '');
    expect(offer.host).toBe('hit.example');
    expect(offer.searchParams.get('c')).toBe(clickId);
  });

  it('writes nothing but a well-formed click id into the page', async () => {
    const { cairn } = server;
    const page = await fetch(
      `${cairn.url}/lp/spring/?clickid=${encodeURIComponent('"><script>alert(1)</script>')}`,
    );
    const html = await page.text();
    expect(html).toContain('<p id="click"></p>');
    expect(html).toContain('href="/click?lp=1"');
    expect(html).not.toContain('alert(1)');
  });

  it('keeps a protected hosted lander’s pages for visitors the tracker sent, and its assets for all', async () => {
    const { cairn, browser } = server;
    await uploadLanderFile(cairn.url, browser, 'guarded', 'index.html', strToU8('<p>{clickid}</p>'), false);
    await uploadLanderFile(cairn.url, browser, 'guarded', 'site.css', strToU8('p { margin: 0 }'), false);
    const lander = await kindClient(browser, 'landing').make({
      name: 'guarded lander',
      url: `${cairn.url}/lp/guarded/?clickid={clickid}`,
      lpProtect: true,
    });
    const campaign = await server.makeCampaign({
      flow: {
        defaultPaths: [{ landers: [{ landingId: lander.id }], offers: [{ offerId: server.hitOffer }] }],
      },
    });
    const toLander = new URL(
      (await server.visit(`/click?key=${campaign.key}`)).headers.get('location') ?? '',
    );
    expect(toLander.searchParams.get('lpkey')).toBeTruthy();

    const sent = await fetch(toLander);
    expect(sent.status).toBe(200);
    expect(await sent.text()).toBe(`<p>${toLander.searchParams.get('clickid')}</p>`);
    expect((await fetch(`${cairn.url}/lp/guarded/?clickid=abc`)).status).toBe(404);
    expect((await fetch(`${cairn.url}/lp/guarded/?lpkey=forged.1.abc`)).status).toBe(404);
    expect((await fetch(`${cairn.url}/lp/guarded/site.css`)).status).toBe(200);
  });
});
