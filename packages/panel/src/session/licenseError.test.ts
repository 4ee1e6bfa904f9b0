import { describe, expect, it } from 'vitest';
import { createLicenseErrorStore, licenseErrorStorageKey } from './licenseError.ts';

describe('licence error store', () => {
  it('reads back what it kept, so a reload of the sign-in screen still explains itself', () => {
    createLicenseErrorStore(sessionStorage).set({ error: 'License expired', trackerId: 'TR-1' });
    expect(createLicenseErrorStore(sessionStorage).getSnapshot()).toEqual({
      error: 'License expired',
      trackerId: 'TR-1',
    });
    createLicenseErrorStore(sessionStorage).set({ error: 'License not found' });
    expect(createLicenseErrorStore(sessionStorage).getSnapshot()).toEqual({ error: 'License not found' });
  });

  it('ignores a stored problem of another shape, and drops fields it does not know', () => {
    for (const stored of [{ trackerId: 'TR-1' }, { error: 5 }, { error: 'x', trackerId: 7 }, ['x'], 'x']) {
      sessionStorage.setItem(licenseErrorStorageKey, JSON.stringify(stored));
      expect(createLicenseErrorStore(sessionStorage).getSnapshot()).toBeUndefined();
    }
    sessionStorage.setItem(licenseErrorStorageKey, JSON.stringify({ error: 'x', html: '<b>' }));
    expect(createLicenseErrorStore(sessionStorage).getSnapshot()).toEqual({ error: 'x' });
  });

  it('forgets the problem when cleared', () => {
    const store = createLicenseErrorStore(sessionStorage);
    store.set({ error: 'License expired' });
    store.clear();
    expect(store.getSnapshot()).toBeUndefined();
    expect(sessionStorage.getItem(licenseErrorStorageKey)).toBeNull();
  });
});
