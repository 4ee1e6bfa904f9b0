import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../stores/currentUser.ts';
import {
  type SettingsSectionDef,
  sectionsVisibleTo,
  settingsSectionDefs,
  settingsSectionOf,
} from './registry.ts';

const plainUser: CurrentUser = {
  id: '5',
  username: 'ops',
  role: 'user',
  canCreateUsers: false,
  isHideProfit: false,
};

describe('settings section registry', () => {
  it("holds the spec's settings children in order, with their route titles", () => {
    expect(settingsSectionDefs.map((section) => section.id)).toEqual([
      'tracking-links',
      'auto-clearing',
      'user',
      'ui',
      'stats',
      'columns',
      'public-api',
      'click-api',
      'lp-protect',
      'integration',
      'postback-processing',
      'import-export',
      'url-customization',
      'feedback',
      'beta',
    ]);
    expect(settingsSectionOf('ui')?.title).toBe('Interface');
    expect(settingsSectionOf('nope')).toBeUndefined();
  });

  it('builds every section', () => {
    const built = settingsSectionDefs.filter((section) => section.Component).map((section) => section.id);
    expect(built).toEqual([
      'tracking-links',
      'auto-clearing',
      'user',
      'ui',
      'stats',
      'columns',
      'public-api',
      'click-api',
      'lp-protect',
      'integration',
      'postback-processing',
      'import-export',
      'url-customization',
      'feedback',
      'beta',
    ]);
  });

  it('shows auto-clearing, the click API, LP protect, integration, postback processing, import/export, URL customization and beta to admins only, and every other section to everyone signed in', () => {
    const visible = sectionsVisibleTo(plainUser).map((section) => section.id);
    expect(visible).not.toContain('postback-processing');
    expect(visible).not.toContain('auto-clearing');
    expect(visible).not.toContain('url-customization');
    expect(visible).not.toContain('click-api');
    expect(visible).not.toContain('lp-protect');
    expect(visible).not.toContain('beta');
    expect(visible).not.toContain('import-export');
    expect(visible).not.toContain('integration');
    expect(sectionsVisibleTo(plainUser)).toHaveLength(7);
    expect(sectionsVisibleTo({ ...plainUser, role: 'admin' })).toHaveLength(15);
    const adminsOnly: SettingsSectionDef = {
      id: 'beta',
      title: 'Beta',
      Component: undefined,
      canSee: (user) => user?.role !== 'user',
    };
    const sections = [...settingsSectionDefs.filter((section) => section.id !== 'beta'), adminsOnly];
    expect(sectionsVisibleTo(plainUser, sections).map((section) => section.id)).not.toContain('beta');
    expect(sectionsVisibleTo({ ...plainUser, role: 'admin' }, sections).at(-1)).toBe(adminsOnly);
  });
});
