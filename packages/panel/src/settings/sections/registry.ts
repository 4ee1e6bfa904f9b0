import type { ComponentType } from 'react';
import { type SettingsSection, settingsSections } from '../../routes/table.ts';
import type { CurrentUser } from '../../stores/currentUser.ts';
import { SettingsUserSection } from './account/SettingsUserSection.tsx';
import { SettingsAutoClearingSection } from './autoClearing/SettingsAutoClearingSection.tsx';
import { SettingsBetaSection } from './beta/SettingsBetaSection.tsx';
import { SettingsClickApiSection } from './clickApi/SettingsClickApiSection.tsx';
import { SettingsFeedbackSection } from './feedback/SettingsFeedbackSection.tsx';
import { SettingsImportExportSection } from './importExport/SettingsImportExportSection.tsx';
import { SettingsIntegrationSection } from './integration/SettingsIntegrationSection.tsx';
import { SettingsLpProtectSection } from './lpProtect/SettingsLpProtectSection.tsx';
import { SettingsPublicApiSection } from './publicApi/SettingsPublicApiSection.tsx';
import { SettingsColumnsSection } from './SettingsColumnsSection.tsx';
import { SettingsPostbackProcessingSection } from './SettingsPostbackProcessingSection.tsx';
import { SettingsStatsSection } from './SettingsStatsSection.tsx';
import { SettingsUiSection } from './SettingsUiSection.tsx';
import { SettingsTrackingLinksSection } from './trackingLinks/SettingsTrackingLinksSection.tsx';
import { SettingsUrlCustomizationSection } from './urlCustomization/SettingsUrlCustomizationSection.tsx';

// The settings sections: the settings page renders whichever its route names, from here, so a section is
// added by its entry below and no page code changes. The route table keeps the addresses, their order
// and their titles (tabs and page titles read those).

export interface SettingsSectionEntry {
  /** What the section shows; omitted: the section is not built yet and says so. */
  Component?: ComponentType;
  /** Whether the signed-in user may see it (its tab and its page); omitted: everyone signed in. */
  canSee?: (user: CurrentUser | undefined) => boolean;
}

/** Every settings child of the spec, by its route path. */
const entries: Record<SettingsSection, SettingsSectionEntry> = {
  'tracking-links': { Component: SettingsTrackingLinksSection },
  // The server answers these settings to admins only.
  'auto-clearing': { Component: SettingsAutoClearingSection, canSee: (user) => user?.role !== 'user' },
  user: { Component: SettingsUserSection },
  ui: { Component: SettingsUiSection },
  stats: { Component: SettingsStatsSection },
  columns: { Component: SettingsColumnsSection },
  'public-api': { Component: SettingsPublicApiSection },
  'click-api': { Component: SettingsClickApiSection, canSee: (user) => user?.role !== 'user' },
  // Everyone reads the settings (the lander form starts from them); only admins change them.
  'lp-protect': { Component: SettingsLpProtectSection, canSee: (user) => user?.role !== 'user' },
  // The server answers integration accounts to admins only.
  integration: { Component: SettingsIntegrationSection, canSee: (user) => user?.role !== 'user' },
  // The server answers these settings to admins only.
  'postback-processing': {
    Component: SettingsPostbackProcessingSection,
    canSee: (user) => user?.role !== 'user',
  },
  // The server exports raw events to admins only.
  'import-export': { Component: SettingsImportExportSection, canSee: (user) => user?.role !== 'user' },
  // The server lets only admins change them.
  'url-customization': {
    Component: SettingsUrlCustomizationSection,
    canSee: (user) => user?.role !== 'user',
  },
  feedback: { Component: SettingsFeedbackSection },
  // The server lets only admins change them.
  beta: { Component: SettingsBetaSection, canSee: (user) => user?.role !== 'user' },
};

export interface SettingsSectionDef {
  id: SettingsSection;
  title: string;
  Component: ComponentType | undefined;
  canSee: (user: CurrentUser | undefined) => boolean;
}

const everyone = () => true;

/** The sections in the route table's order, each with its route title. */
export const settingsSectionDefs: readonly SettingsSectionDef[] = settingsSections.map(({ path, title }) => ({
  id: path,
  title,
  Component: entries[path].Component,
  canSee: entries[path].canSee ?? everyone,
}));

export function settingsSectionOf(id: string | undefined): SettingsSectionDef | undefined {
  return settingsSectionDefs.find((section) => section.id === id);
}

/** The sections this user may see, in order: the settings page's tabs. */
export function sectionsVisibleTo(
  user: CurrentUser | undefined,
  sections: readonly SettingsSectionDef[] = settingsSectionDefs,
): SettingsSectionDef[] {
  return sections.filter((section) => section.canSee(user));
}
