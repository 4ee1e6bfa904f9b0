import { apiPath, entityPath, userPath } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test-support/entities.ts';
import type { TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

let cairn: RunningCairn;
let browser: TestBrowser;
beforeAll(async () => {
  ({ cairn, browser } = await signedInAdmin());
});
afterAll(async () => {
  await cairn.close();
});

describe('user ids in paths', () => {
  it('answer 400 at the id for over-long, negative or non-numeric ids, never 500', async () => {
    const bad = ['99999999999999999999', '1234567890123456', '-1', '1e5', '0x10', 'abc'];
    for (const id of bad) {
      for (const path of [apiPath.canCreateUsers(id), apiPath.hideProfit(id), entityPath.item('user', id)]) {
        const result = await browser.get(path);
        expect(result.status, `${path}`).toBe(400);
        expect(result.json<{ errors: { detail: { field: string } }[] }>().errors[0]?.detail.field).toBe('id');
      }
      expect((await browser.post(userPath.twoFactorReset(id))).status, id).toBe(400);
    }
    // The largest id the schema takes is still an id: not found, not an error.
    expect((await browser.get(apiPath.hideProfit('999999999999999'))).status).toBe(404);
  });
});
