import { SAVED_REPORT_PATHS, type SavedReport, type SavedReportList, savedReportPath } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// Saved reports on the real server and store: each user's own, the shared ones for everybody, changes
// only by the owner (and admins, for shared ones), and the audit trail of each change.

let cairn: RunningCairn;
let admin: TestBrowser;
let alice: TestBrowser;
let bob: TestBrowser;

const signedInUser = async (login: string, role = 'user'): Promise<TestBrowser> => {
  const password = 'saved-reports-Fjord-31';
  const made = await kindClient(admin, 'user').make({ login, password, role });
  expect(made.id).toBeGreaterThan(0);
  const browser = new TestBrowser(cairn.url);
  expect((await browser.signIn(login, password)).status).toBe(200);
  return browser;
};

const state = (overrides: Record<string, unknown> = {}) => ({
  subject: { kind: 'campaign', ids: [3] },
  groupBy: ['offer', 'country'],
  preset: 'last_7_days',
  timezone: 'Europe/Berlin',
  filters: { country: ['US', 'CA'] },
  sort: { key: 'revenue', order: 'desc' },
  metrics: ['clicks', 'leads', 'revenue'],
  ...overrides,
});

async function save(browser: TestBrowser, name: string, shared = false, stateOverrides = {}) {
  const result = await browser.post(SAVED_REPORT_PATHS.list, { name, shared, state: state(stateOverrides) });
  expect(result.status, result.text).toBe(201);
  return result.json<SavedReport>();
}

const names = async (browser: TestBrowser) =>
  (await browser.get(SAVED_REPORT_PATHS.list)).json<SavedReportList>().items.map((item) => item.name);

beforeAll(async () => {
  ({ cairn, browser: admin } = await signedInAdmin());
  alice = await signedInUser('alice');
  bob = await signedInUser('bob');
});
afterAll(async () => {
  await cairn.close();
});

describe('saved reports', () => {
  it('saves a report and answers it whole, to its owner', async () => {
    const saved = await save(alice, 'Offers by country');
    expect(saved).toMatchObject({
      name: 'Offers by country',
      shared: false,
      own: true,
      editable: true,
      ownerName: 'alice',
      state: state(),
    });
    const again = await alice.get(savedReportPath(saved.id));
    expect(again.status).toBe(200);
    expect(again.json<SavedReport>()).toEqual(saved);
  });

  it("lists the caller's own and the shared ones, never others' private ones", async () => {
    await save(alice, 'Alice private');
    const shared = await save(alice, 'Alice shared', true);
    await save(bob, 'Bob private');
    expect(await names(bob)).toEqual(['Alice shared', 'Bob private']);
    expect(await names(alice)).toEqual(
      expect.arrayContaining(['Alice private', 'Alice shared', 'Offers by country']),
    );
    expect(await names(alice)).not.toContain('Bob private');
    const seen = (await bob.get(savedReportPath(shared.id))).json<SavedReport>();
    expect(seen).toMatchObject({ own: false, editable: false, ownerName: 'alice' });
  });

  it('lets another user open a shared report but not change or delete it', async () => {
    const shared = await save(alice, 'Read only for Bob', true);
    const body = { name: 'Taken over', shared: true, state: state() };
    expect((await bob.put(savedReportPath(shared.id), body)).status).toBe(403);
    expect((await bob.call('DELETE', savedReportPath(shared.id))).status).toBe(403);
    expect((await alice.get(savedReportPath(shared.id))).json<SavedReport>().name).toBe('Read only for Bob');

    const hidden = await save(alice, 'Not for Bob');
    expect((await bob.get(savedReportPath(hidden.id))).status).toBe(404);
    expect((await bob.put(savedReportPath(hidden.id), body)).status).toBe(404);
    expect((await bob.call('DELETE', savedReportPath(hidden.id))).status).toBe(404);
  });

  it('lets an admin change a shared report, not see a private one', async () => {
    const shared = await save(bob, 'Bob shares', true);
    const renamed = await admin.put(savedReportPath(shared.id), {
      name: 'Bob shares (checked)',
      shared: true,
      state: state(),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json<SavedReport>()).toMatchObject({ own: false, editable: true, ownerName: 'bob' });
    const hidden = await save(bob, 'Bob alone');
    expect((await admin.get(savedReportPath(hidden.id))).status).toBe(404);
  });

  it('renames, reshares and changes the state for its owner', async () => {
    const saved = await save(alice, 'To change');
    const result = await alice.put(savedReportPath(saved.id), {
      name: 'Changed',
      shared: true,
      state: state({ groupBy: ['country'], preset: 'custom', from: '2026-03-01', to: '2026-03-07' }),
    });
    expect(result.status, result.text).toBe(200);
    const changed = result.json<SavedReport>();
    expect(changed).toMatchObject({ name: 'Changed', shared: true });
    expect(changed.state).toMatchObject({ groupBy: ['country'], preset: 'custom', from: '2026-03-01' });
    expect(await names(bob)).toContain('Changed');
    // Keeping its own name is no clash with itself.
    expect((await alice.put(savedReportPath(saved.id), { name: 'Changed', state: state() })).status).toBe(
      200,
    );
  });

  it('refuses names out of bounds, a name the owner already has, and states the report API refuses', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const result = await alice.post(SAVED_REPORT_PATHS.list, body);
      expect(result.status, result.text).toBe(400);
      return errorFields(result);
    };
    expect(await refused({ name: '  ', state: state() })).toEqual(['name']);
    expect(await refused({ name: 'x'.repeat(101), state: state() })).toEqual(['name']);
    await save(alice, 'Unique');
    const clash = await alice.post(SAVED_REPORT_PATHS.list, { name: 'unique', state: state() });
    expect(clash.status).toBe(400);
    expect(errorFields(clash)).toEqual(['name']);
    expect(clash.json<{ message: string }>().message).toContain(
      'You already have a saved report of this name',
    );
    // Another owner may use the name.
    await save(bob, 'Unique');

    expect(await refused({ name: 'Bad', state: state({ groupBy: ['planet'] }) })).toEqual([
      'state.groupBy.0',
    ]);
    expect(await refused({ name: 'Bad', state: state({ groupBy: ['offer', 'offer'] }) })).toEqual([
      'state.groupBy',
    ]);
    expect(await refused({ name: 'Bad', state: state({ filters: { country: ['Germany'] } }) })).toEqual([
      'state.filters.country',
    ]);
    expect(await refused({ name: 'Bad', state: state({ preset: 'custom' }) })).toEqual(['state.from']);
    expect(await refused({ name: 'Bad', state: state({ timezone: 'Mars/Olympus' }) })).toEqual([
      'state.timezone',
    ]);
    expect(await refused({ name: 'Bad', state: 'group=offer' })).toEqual(['state']);

    const saved = await save(alice, 'Renamed into a clash');
    const rename = await alice.put(savedReportPath(saved.id), { name: 'UNIQUE', state: state() });
    expect(rename.status).toBe(400);
    expect(errorFields(rename)).toEqual(['name']);
  });

  it('deletes for its owner, and audits each change', async () => {
    const saved = await save(alice, 'Short-lived', true);
    expect((await alice.call('DELETE', savedReportPath(saved.id))).status).toBe(200);
    expect((await alice.get(savedReportPath(saved.id))).status).toBe(404);
    expect(await names(bob)).not.toContain('Short-lived');
    const rows = await cairn.store.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity_kind = 'saved_report' AND entity_id = $1 ORDER BY id`,
      [saved.id],
    );
    expect(rows.map((row) => row.action)).toEqual(['saved_report_created', 'saved_report_deleted']);
  });

  it('needs a signed-in caller', async () => {
    const anonymous = new TestBrowser(cairn.url);
    expect((await anonymous.get(SAVED_REPORT_PATHS.list)).status).toBe(401);
  });
});
