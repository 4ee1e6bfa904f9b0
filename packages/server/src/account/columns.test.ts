import { USER_COLUMN_TABLES_MAX, USER_COLUMNS_PATH, type UserColumnsResponse } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { ADMIN_PASSWORD, TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// Column choices follow the user, not the browser: kept on the server per user and per table, bounded.

let cairn: RunningCairn;
let admin: TestBrowser;
beforeAll(async () => {
  ({ cairn, browser: admin } = await signedInAdmin());
});
afterAll(async () => {
  await cairn.close();
});

const offers = { order: ['revenue', 'name', 'clicks'], visibility: { clicks: true, cost: false } };

describe('user column choices', () => {
  it('keeps a table choice per user, answers it in any other browser, and forgets it on null', async () => {
    expect((await admin.get(USER_COLUMNS_PATH)).json<UserColumnsResponse>()).toEqual({ tables: {} });
    const saved = await admin.put(USER_COLUMNS_PATH, { table: 'cairn.columns.offer', choice: offers });
    expect(saved.status).toBe(200);
    expect(saved.json<UserColumnsResponse>().tables).toEqual({ 'cairn.columns.offer': offers });
    const moved = { order: ['clicks', 'name'], visibility: {} };
    await admin.put(USER_COLUMNS_PATH, { table: 'cairn.columns.offer', choice: moved });
    await admin.put(USER_COLUMNS_PATH, {
      table: 'report',
      choice: { order: ['profit'], visibility: { profit: true } },
    });

    // Another browser signed in as the same user finds both; another user finds none of them.
    const elsewhere = new TestBrowser(cairn.url);
    expect((await elsewhere.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
    expect((await elsewhere.get(USER_COLUMNS_PATH)).json<UserColumnsResponse>().tables).toEqual({
      'cairn.columns.offer': moved,
      report: { order: ['profit'], visibility: { profit: true } },
    });
    const login = 'columns-viewer';
    const password = 'Columns viewer pass 5521';
    const { id } = await kindClient(admin, 'user').make({
      login,
      password,
      permissions: [{ kind: 'campaign', scope: 'all', access: 'read' }],
    });
    const viewer = new TestBrowser(cairn.url);
    expect((await viewer.signIn(login, password)).status).toBe(200);
    expect((await viewer.get(USER_COLUMNS_PATH)).json<UserColumnsResponse>()).toEqual({ tables: {} });
    await viewer.put(USER_COLUMNS_PATH, { table: 'report', choice: { order: ['cost'], visibility: {} } });
    expect((await admin.get(USER_COLUMNS_PATH)).json<UserColumnsResponse>().tables.report?.order).toEqual([
      'profit',
    ]);

    const forgotten = await admin.put(USER_COLUMNS_PATH, { table: 'cairn.columns.offer', choice: null });
    expect(Object.keys(forgotten.json<UserColumnsResponse>().tables)).toEqual(['report']);
    // A deleted user's choices go with the user.
    expect((await kindClient(admin, 'user').remove(id)).status).toBe(200);
    const rows = await cairn.store.query('SELECT table_key FROM user_columns WHERE user_id = $1', [id]);
    expect(rows).toEqual([]);
  });

  it('refuses a bad key, an over-long choice and more tables than it keeps', async () => {
    const refused = async (body: unknown) => {
      const answer = await admin.put(USER_COLUMNS_PATH, body);
      expect(answer.status).toBe(400);
      return errorFields(answer);
    };
    expect(await refused({ table: 'has space', choice: offers })).toContain('table');
    expect(
      await refused({
        table: 'offer',
        choice: { order: Array.from({ length: 201 }, (_, i) => `c${i}`), visibility: {} },
      }),
    ).toContain('choice.order');
    expect(await refused({ table: 'offer', choice: { order: [], visibility: { a: 'yes' } } })).toContain(
      'choice.visibility.a',
    );
    const before = Object.keys(
      (await admin.get(USER_COLUMNS_PATH)).json<UserColumnsResponse>().tables,
    ).length;
    for (let index = before; index < USER_COLUMN_TABLES_MAX; index += 1) {
      expect((await admin.put(USER_COLUMNS_PATH, { table: `t${index}`, choice: offers })).status).toBe(200);
    }
    expect(await refused({ table: 'one-more', choice: offers })).toContain('table');
    // A table already kept can still change.
    expect(
      (await admin.put(USER_COLUMNS_PATH, { table: 't99', choice: { order: [], visibility: {} } })).status,
    ).toBe(200);
  });

  it('answers only a signed-in user', async () => {
    expect((await new TestBrowser(cairn.url).get(USER_COLUMNS_PATH)).status).toBe(401);
  });
});
