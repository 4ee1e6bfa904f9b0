import { generateLicenseKeyPair, signLicense } from '@cairn/server';
import { describe, expect, it } from 'vitest';
import {
  adminLogin,
  adminPassword,
  e2eSuite,
  signInThroughForm,
  startServer,
  tempDir,
  waitForTitle,
} from './support.ts';

const keys = generateLicenseKeyPair();
// Each test starts its own server: the licence is part of the server's options.
const e2e = e2eSuite({ server: false });

describe('licence errors', () => {
  it('explains a missing licence at sign-in with the tracker id', async () => {
    const server = await e2e.startServer({ licensePublicKey: keys.publicKey });
    const { page } = await e2e.open({ server });
    await page.goto('/panel/login');
    await signInThroughForm(page, adminLogin, adminPassword);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toContain('License not found');
    expect(text).toContain(`Your tracker ID is ${server.trackerId}.`);
    expect(text).toContain('second-generation version of Cairn');
    expect(new URL(page.url()).pathname).toBe('/panel/login');
  });

  it('sends a signed-in user to sign-in with the licence error once the licence expires', async () => {
    let now = Date.parse('2026-12-31T22:00:00.000Z');
    const clock = () => now;
    const dataDir = tempDir();
    // The tracker id is minted at first start, so it is learnt before a key is signed for it.
    const first = await startServer({ dataDir, now: clock });
    const trackerId = first.trackerId;
    await first.close();
    const licenseKey = signLicense(keys.privateKey, {
      trackerId,
      plan: 'pro',
      expiresAt: '2027-01-01T00:00:00Z',
    });
    const server = await e2e.startServer({
      dataDir,
      now: clock,
      licensePublicKey: keys.publicKey,
      licenseKey,
      // The clock jumps three hours below: the session must outlive it for the licence to be what ends it.
      sessionIdleMinutes: 24 * 60,
    });

    const { page } = await e2e.open({ server });
    await page.goto('/panel/offers');
    await page.waitForURL('**/panel/login?returnTo=%2Foffers');
    await signInThroughForm(page, adminLogin, adminPassword);
    await waitForTitle(page, 'Offers - Cairn');

    now += 3 * 60 * 60 * 1000;
    // A fresh page load: whichever call meets the expired licence first (the guard's role call, or a
    // call the page makes), the user lands on sign-in with the licence error.
    await page.goto('/panel/landings');
    await page.waitForURL((url) => url.pathname === '/panel/login');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toBe(
      `License error: License expired. Tracker ID: ${trackerId}`,
    );

    // Signing in again is refused with the same explanation.
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/user/sign_in'), {
      timeout: 5000,
    });
    await signInThroughForm(page, adminLogin, adminPassword);
    expect((await answer).status()).toBe(402);
    await expect(page.getByRole('alert').allTextContents()).resolves.toEqual([
      `License error: License expired. Tracker ID: ${trackerId}`,
    ]);
    expect(new URL(page.url()).pathname).toBe('/panel/login');
  });
});
