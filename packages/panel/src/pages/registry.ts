import type { ComponentType } from 'react';
import { loadOnce } from '../app/chunks.ts';
import type { PageKey } from '../routes/table.ts';
import type { PageProps } from './pageProps.ts';

type PageModule = { default: ComponentType<PageProps> };

// Each page is its own chunk, loaded during navigation (the progress bar covers the wait).
const loaders: Record<PageKey, () => Promise<PageModule>> = {
  'sign-in': () => import('./SignInPage.tsx'),
  'not-found': () => import('./NotFoundPage.tsx'),
  'entity-list': () => import('../entities/lists/EntityListPage.tsx'),
  'entity-form': () => import('../entities/forms/EntityFormPage.tsx'),
  trends: () => import('../trends/TrendsPage.tsx'),
  conversions: () => import('../conversions/ConversionsPage.tsx'),
  clicklog: () => import('../clicklog/ClickLogPage.tsx'),
  postbacks: () => import('../postbacks/PostbacksPage.tsx'),
  files: () => import('../files/FilesPage.tsx'),
  triggers: () => import('../triggers/TriggersPage.tsx'),
  report: () => import('../reports/ReportPage.tsx'),
  'leads-report': () => import('../reports/LeadsReportPage.tsx'),
  'split-test': () => import('../splitTests/SplitTestPage.tsx'),
  monitor: () => import('../monitor/MonitorPage.tsx'),
  update: () => import('./UpdatePage.tsx'),
  rollback: () => import('./RollbackPage.tsx'),
  settings: () => import('./settings/SettingsPage.tsx'),
  'monitor-developer': () => import('../monitor/developer/MonitorDeveloperPage.tsx'),
  'audit-log': () => import('../history/AuditLogPage.tsx'),
};

const pages = new Map<PageKey, () => Promise<ComponentType<PageProps>>>();

/** The page's component, loaded once; rejects with a ChunkLoadError when its chunk does not arrive. */
export function loadPage(key: PageKey): Promise<ComponentType<PageProps>> {
  let load = pages.get(key);
  if (!load) {
    load = loadOnce('page', () => loaders[key]().then((module) => module.default));
    pages.set(key, load);
  }
  return load();
}
