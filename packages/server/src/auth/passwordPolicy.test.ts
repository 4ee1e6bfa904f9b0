import fs from 'node:fs';
import path from 'node:path';
import { API_PATHS, type ManagedUser } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { errorFields, kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { ADMIN_PASSWORD, startTestCairn } from '../../test-support/server.ts';
import { ConfigError } from '../config.ts';
import { passwordProblem } from './passwordPolicy.ts';

describe('password rule', () => {
  it('refuses short passwords, the login itself and the most common passwords, in any case', () => {
    expect(passwordProblem('short', 'carol')).toMatch(/at least 8/);
    expect(passwordProblem('Carol-Admin', 'carol-admin')).toMatch(/not be the login/);
    for (const common of ['password', 'PASSWORD1', 'iloveyou1', 'qwertyuiop', 'baseball1']) {
      expect(passwordProblem(common, 'carol'), common).toMatch(/most common/);
    }
    expect(passwordProblem('x'.repeat(257), 'carol')).toMatch(/at most 256/);
    expect(passwordProblem('correct horse battery staple', 'carol')).toBeNull();
  });

  it('ships about 10,000 common passwords with the server', () => {
    const file = path.join(import.meta.dirname, 'common-passwords.txt');
    const entries = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'));
    expect(entries.length).toBe(10_000);
    expect(entries.slice(0, 2)).toEqual(['123456', 'password']);
  });
});

describe('password rule at the API', () => {
  it('refuses common passwords and the login when users are made or passwords changed', async () => {
    const { cairn, browser } = await signedInAdmin();
    try {
      const users = kindClient(browser, 'user');
      const common = await users.create({ login: 'erin', password: 'Password1' });
      expect(common.status).toBe(400);
      expect(errorFields(common)).toEqual(['password']);
      expect(common.json().message).toContain('most common');
      expect(errorFields(await users.create({ login: 'frank-smith', password: 'FRANK-SMITH' }))).toEqual([
        'password',
      ]);
      const erin = await users.make<ManagedUser>({ login: 'erin', password: 'erin-long-passphrase' });
      expect(errorFields(await users.put(erin.id, { ...erin, password: 'iloveyou1' }))).toEqual(['password']);

      const changed = await browser.post(API_PATHS.changePassword, {
        currentPassword: ADMIN_PASSWORD,
        newPassword: 'baseball1',
      });
      expect(changed.status).toBe(400);
      expect(errorFields(changed)).toEqual(['newPassword']);
      expect(
        (
          await browser.post(API_PATHS.changePassword, {
            currentPassword: ADMIN_PASSWORD,
            newPassword: 'Admin',
          })
        ).status,
      ).toBe(400);
    } finally {
      await cairn.close();
    }
  });

  it('refuses a weak CAIRN_ADMIN_PASSWORD at start with a clear error', async () => {
    await expect(startTestCairn({ adminPassword: 'password1' })).rejects.toThrow(
      /CAIRN_ADMIN_PASSWORD is refused: .*most common/,
    );
    await expect(
      startTestCairn({ adminLogin: 'operator-one', adminPassword: 'operator-one' }),
    ).rejects.toThrow(ConfigError);
  });
});
