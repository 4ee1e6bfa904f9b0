import { entityPath, type OfferImportResponse, type PermissionInput } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// A plain user limited to some items must not learn which other ids exist: an id outside their scope
// answers exactly like one that does not exist, and a refused delete names only what they may read.
let cairn: RunningCairn;
let admin: TestBrowser;
let users = 0;
const MISSING = 987_654;

beforeAll(async () => {
  ({ cairn, browser: admin } = await signedInAdmin());
});
afterAll(async () => {
  await cairn.close();
});

async function signedInWith(permissions: PermissionInput[]): Promise<TestBrowser> {
  users += 1;
  const login = `scoped-${users}`;
  await kindClient(admin, 'user').make({ login, password: 'Scoped-user-password-42', permissions });
  const browser = new TestBrowser(cairn.url);
  expect((await browser.signIn(login, 'Scoped-user-password-42')).status).toBe(200);
  return browser;
}

/** A reply with every id in it replaced, so answers about different ids compare. */
const shape = (result: { status: number; text: string }, ...ids: number[]) => ({
  status: result.status,
  text: ids.reduce((text, id) => text.replaceAll(String(id), '<id>'), result.text),
});

const flowTo = (offerId: number) => ({ defaultPaths: [{ offers: [{ offerId }] }] });

describe('ids outside the caller scope', () => {
  it('answer a mass edit exactly like missing ids', async () => {
    const groups = kindClient(admin, 'group');
    const mine = await groups.make({ name: 'x-mine', kind: 'campaign' });
    const theirs = await groups.make({ name: 'x-theirs', kind: 'campaign' });
    const offer = await kindClient(admin, 'offer').make({ name: 'x-offer', url: 'https://o.example/' });
    const campaigns = kindClient(admin, 'campaign');
    const own = await campaigns.make({ name: 'x-own', groupId: mine.id, flow: flowTo(offer.id) });
    const hidden = await campaigns.make({ name: 'x-hidden', groupId: theirs.id, flow: flowTo(offer.id) });
    const user = kindClient(
      await signedInWith([
        { kind: 'campaign', scope: 'groups', access: 'write', groupIds: [mine.id] },
        { kind: 'offer', scope: 'all', access: 'read' },
      ]),
      'campaign',
    );
    const toMissing = await user.mass([own.id, MISSING], { status: 'paused' });
    const toHidden = await user.mass([own.id, hidden.id], { status: 'paused' });
    expect(toMissing.status).toBe(404);
    expect(shape(toHidden, hidden.id)).toEqual(shape(toMissing, MISSING));
    expect(toHidden.json().message).toBe(`Campaign ${hidden.id} not found`);
    const both = await user.mass([MISSING, hidden.id], { status: 'paused' });
    expect(both.json().message).toBe(`Campaigns ${MISSING}, ${hidden.id} not found`);
    expect((await campaigns.get(own.id)).json()).toMatchObject({ status: 'active' });
  });

  it('answer a reference on create exactly like missing ids', async () => {
    const sources = kindClient(admin, 'traffic_source');
    const visible = await sources.make({ name: 'x-visible-source' });
    const hidden = await sources.make({ name: 'x-hidden-source' });
    const offer = await kindClient(admin, 'offer').make({ name: 'x-ref-offer', url: 'https://o.example/' });
    const user = kindClient(
      await signedInWith([
        { kind: 'campaign', scope: 'all', access: 'write' },
        { kind: 'traffic_source', scope: 'items', itemIds: [visible.id] },
        { kind: 'offer', scope: 'all', access: 'read' },
      ]),
      'campaign',
    );
    const body = (trafficSourceId: number) => ({ name: 'x-ref', trafficSourceId, flow: flowTo(offer.id) });
    const toMissing = await user.create(body(MISSING));
    const toHidden = await user.create(body(hidden.id));
    expect(toMissing.status).toBe(403);
    expect(errorFields(toMissing)).toEqual(['trafficSourceId']);
    expect(shape(toHidden, hidden.id)).toEqual(shape(toMissing, MISSING));
    expect((await user.create(body(visible.id))).status).toBe(201);
  });

  it('answer an import line exactly like missing names and ids', async () => {
    const networks = kindClient(admin, 'affiliate_network');
    const secret = await networks.make({ name: 'x-secret-net' });
    const browser = await signedInWith([{ kind: 'offer', scope: 'all', access: 'write' }]);
    const text = [
      'hidden by name;https://a.example/;yes;;;;;;x-secret-net',
      'missing by name;https://a.example/;yes;;;;;;x-no-such-net',
      `hidden by id;https://a.example/;yes;;;;;;${secret.id}`,
      `missing by id;https://a.example/;yes;;;;;;${MISSING}`,
    ].join('\n');
    const result = await browser.post(entityPath.offerImport, { text });
    expect(result.status).toBe(200);
    expect(result.json<OfferImportResponse>()).toEqual({
      created: [],
      errors: [
        { line: 1, message: 'Affiliate network "x-secret-net" not found' },
        { line: 2, message: 'Affiliate network "x-no-such-net" not found' },
        { line: 3, message: `Affiliate network "${secret.id}" not found` },
        { line: 4, message: `Affiliate network "${MISSING}" not found` },
      ],
    });
  });

  it('are counted, not named, when a delete is refused', async () => {
    const offer = await kindClient(admin, 'offer').make({ name: 'x-used', url: 'https://o.example/' });
    const campaigns = kindClient(admin, 'campaign');
    const seen = await campaigns.make({ name: 'x-seen-campaign', flow: flowTo(offer.id) });
    await campaigns.make({ name: 'x-unseen-campaign', flow: flowTo(offer.id) });
    await kindClient(admin, 'rotation').make({ name: 'x-unseen-rotation', flow: flowTo(offer.id) });
    const user = kindClient(
      await signedInWith([
        { kind: 'offer', scope: 'all', access: 'write' },
        { kind: 'campaign', scope: 'items', itemIds: [seen.id] },
      ]),
      'offer',
    );
    const refused = await user.remove(offer.id);
    expect(refused.status).toBe(409);
    expect(refused.json()).toEqual({
      message:
        'Offer "x-used" is still used by 1 campaign (x-seen-campaign) and 2 other items; archive it instead, or change those first',
      errors: [
        { message: 'Used by 1 campaign', detail: ['x-seen-campaign'] },
        { message: 'Used by 2 other items' },
      ],
    });
    const byAdmin = await kindClient(admin, 'offer').remove(offer.id);
    expect(byAdmin.json().message).toContain(
      'used by 2 campaigns (x-seen-campaign, x-unseen-campaign) and 1 rotation (x-unseen-rotation)',
    );
  });
});
