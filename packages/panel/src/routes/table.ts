// The panel's routes as data (SPEC.md section 2). Pages are named by key so this table stays pure and
// testable; the page registry maps each key to a lazily loaded component.

export const subjectTypes = [
  'campaign',
  'offer',
  'landing',
  'affiliate-network',
  'rotation',
  'traffic-source',
] as const;
export type SubjectType = (typeof subjectTypes)[number];

export type PageKey =
  | 'sign-in'
  | 'not-found'
  | 'entity-list'
  | 'entity-form'
  | 'trends'
  | 'conversions'
  | 'clicklog'
  | 'postbacks'
  | 'files'
  | 'triggers'
  | 'update'
  | 'rollback'
  | 'report'
  | 'leads-report'
  | 'split-test'
  | 'monitor'
  | 'settings'
  | 'monitor-developer'
  | 'audit-log';

export interface RouteDef {
  /** Relative to the parent; `{id}` matches digits, `{ids}` comma-separated ids, `{subjectType}` a subject type. */
  path: string;
  title?: string;
  page?: PageKey;
  /** The entity kind a list or form page serves. */
  entity?: EntityKind;
  /** A path (absolute inside the panel) to go to instead of rendering. */
  redirect?: string;
  /** Rendered inside the parent page (a modal or a tab), so they keep the parent's page. */
  children?: RouteDef[];
  /** Routes that need no session. */
  public?: boolean;
}

export type EntityKind =
  | 'campaigns'
  | 'rotations'
  | 'offers'
  | 'landings'
  | 'affiliate-networks'
  | 'traffic-sources'
  | 'users'
  | 'domains'
  | 'groups';

interface EntityNames {
  plural: string;
  singular: string;
  /** Whether the list has a mass-edit child (SPEC.md names campaigns, offers and landers). */
  massEdit: boolean;
}

export const entityNames: Record<EntityKind, EntityNames> = {
  campaigns: { plural: 'Campaigns', singular: 'campaign', massEdit: true },
  rotations: { plural: 'Rotations', singular: 'rotation', massEdit: false },
  offers: { plural: 'Offers', singular: 'offer', massEdit: true },
  landings: { plural: 'Landers', singular: 'lander', massEdit: true },
  'affiliate-networks': { plural: 'Aff. networks', singular: 'affiliate network', massEdit: false },
  'traffic-sources': { plural: 'Traffic sources', singular: 'traffic source', massEdit: false },
  users: { plural: 'Users', singular: 'user', massEdit: false },
  domains: { plural: 'Domains', singular: 'domain', massEdit: false },
  groups: { plural: 'Groups', singular: 'group', massEdit: false },
};

export const formModes = ['create', 'edit', 'clone'] as const;
export type FormMode = (typeof formModes)[number];

function entityRoutes(kind: EntityKind, listPath = `/${kind}`): RouteDef[] {
  const names = entityNames[kind];
  const list: RouteDef = { path: listPath, title: names.plural, page: 'entity-list', entity: kind };
  if (names.massEdit) {
    list.children = [{ path: 'edit/mass/{ids}', title: `Mass edit - ${names.plural}` }];
  }
  return [
    list,
    { path: `/${kind}/create`, title: `New ${names.singular}`, page: 'entity-form', entity: kind },
    { path: `/${kind}/edit/{id}`, title: `Edit ${names.singular}`, page: 'entity-form', entity: kind },
    { path: `/${kind}/clone/{id}`, title: `Clone ${names.singular}`, page: 'entity-form', entity: kind },
  ];
}

/** The entity kind a list or form route serves: every such route of the table names one. */
export function entityKindOf(route: RouteDef): EntityKind {
  if (!route.entity) throw new Error(`The route ${route.path} serves no entity kind`);
  return route.entity;
}

export const settingsSections = [
  { path: 'tracking-links', title: 'Tracking links' },
  { path: 'auto-clearing', title: 'Auto-clearing' },
  { path: 'user', title: 'User' },
  { path: 'ui', title: 'Interface' },
  { path: 'stats', title: 'Stats' },
  { path: 'columns', title: 'Columns' },
  { path: 'public-api', title: 'Public API' },
  { path: 'click-api', title: 'Click API' },
  { path: 'lp-protect', title: 'LP protect' },
  { path: 'integration', title: 'Integration' },
  { path: 'postback-processing', title: 'Postback processing' },
  { path: 'import-export', title: 'Import / export' },
  { path: 'url-customization', title: 'URL customization' },
  { path: 'feedback', title: 'Feedback' },
  { path: 'beta', title: 'Beta' },
] as const;
export type SettingsSection = (typeof settingsSections)[number]['path'];

export const monitorDeveloperSections = [
  { path: 'build-info', title: 'Build info' },
  { path: 'debug-settings', title: 'Debug settings' },
  { path: 'seed', title: 'Seed' },
  { path: 'clicker', title: 'Clicker' },
  { path: 'messages', title: 'Messages' },
] as const;
export type MonitorDeveloperSection = (typeof monitorDeveloperSections)[number]['path'];

export const routeTable: RouteDef[] = [
  { path: '/login', title: 'Sign in', page: 'sign-in', public: true },
  { path: '/404', title: 'Not found', page: 'not-found', public: true },
  ...entityRoutes('campaigns', '/'),
  ...entityRoutes('campaigns'),
  ...entityRoutes('rotations'),
  ...entityRoutes('offers'),
  ...entityRoutes('landings'),
  ...entityRoutes('affiliate-networks'),
  ...entityRoutes('traffic-sources'),
  ...entityRoutes('users'),
  { path: '/trends', title: 'Trends', page: 'trends' },
  { path: '/conversions', title: 'Conversions', page: 'conversions' },
  { path: '/clicklog', title: 'Click log', page: 'clicklog' },
  { path: '/postbacks', title: 'Postbacks', page: 'postbacks' },
  { path: '/files', title: 'Files', page: 'files' },
  { path: '/triggers', title: 'Triggers', page: 'triggers' },
  { path: '/update', title: 'Update', page: 'update' },
  { path: '/rollback', title: 'Rollback', page: 'rollback' },
  { path: '/audit-log', title: 'Audit log', page: 'audit-log' },
  // Domains and groups are menu entries, not tabs, but are created and edited like the other kinds.
  ...entityRoutes('domains'),
  ...entityRoutes('groups'),
  { path: '/report/leads/{subjectType}/{subjectIds}', title: 'Leads report', page: 'leads-report' },
  { path: '/campaigns/split-test/{id}', title: 'Split test', page: 'split-test' },
  { path: '/report/{subjectType}/{subjectIds}', title: 'Report', page: 'report' },
  { path: '/monitor', title: 'Monitor', page: 'monitor' },
  {
    path: '/monitor/developer',
    title: 'Monitor for developers',
    page: 'monitor-developer',
    redirect: '/monitor/developer/build-info',
    children: monitorDeveloperSections.map((section) => ({
      path: section.path,
      title: `${section.title} - Monitor for developers`,
    })),
  },
  {
    path: '/settings',
    title: 'Settings',
    page: 'settings',
    redirect: '/settings/tracking-links',
    children: settingsSections.map((section) => ({
      path: section.path,
      title: `${section.title} - Settings`,
    })),
  },
];

/**
 * The navigation tabs, in SPEC.md order, and Postbacks after the click log (issue 53); `adminOnly` tabs
 * show only to admins (the postback log is theirs alone).
 */
export const navigationTabs: { path: string; label: string; adminOnly?: boolean }[] = [
  { path: '/campaigns', label: 'Campaigns' },
  { path: '/offers', label: 'Offers' },
  { path: '/landings', label: 'Landers' },
  { path: '/affiliate-networks', label: 'Aff. networks' },
  { path: '/traffic-sources', label: 'Traffic sources' },
  { path: '/rotations', label: 'Rotations' },
  { path: '/trends', label: 'Trends' },
  { path: '/conversions', label: 'Conversions' },
  { path: '/clicklog', label: 'Click log' },
  { path: '/postbacks', label: 'Postbacks', adminOnly: true },
  { path: '/triggers', label: 'Triggers' },
  { path: '/users', label: 'Users' },
  { path: '/files', label: 'Files' },
];

/**
 * The menu entries, in SPEC.md order, then the audit log (admins only, issue 49); the monitor for
 * developers joins them when its debug setting is on.
 */
export const menuEntries: { path: string; label: string; adminOnly?: boolean }[] = [
  { path: '/settings', label: 'Settings' },
  { path: '/update', label: 'Update' },
  { path: '/rollback', label: 'Rollback' },
  { path: '/domains', label: 'Domains' },
  { path: '/groups', label: 'Groups' },
  { path: '/audit-log', label: 'Audit log', adminOnly: true },
];
export const monitorForDevelopersEntry = { path: '/monitor/developer', label: 'Monitor for developers' };
