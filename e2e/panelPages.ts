// Every page of the panel's route table, for browser suites that visit them all.

/** The entity kinds by route, with the API kind that creates their items. */
export const kinds = [
  ['campaigns', 'campaign', 'Campaigns', 'campaign'],
  ['rotations', 'rotation', 'Rotations', 'rotation'],
  ['offers', 'offer', 'Offers', 'offer'],
  ['landings', 'landing', 'Landers', 'lander'],
  ['affiliate-networks', 'affiliate_network', 'Aff. networks', 'affiliate network'],
  ['traffic-sources', 'traffic_source', 'Traffic sources', 'traffic source'],
  ['users', 'user', 'Users', 'user'],
  ['domains', 'domain', 'Domains', 'domain'],
  ['groups', 'group', 'Groups', 'group'],
] as const;
export type RouteKind = (typeof kinds)[number][0];
const massEditable: readonly RouteKind[] = ['campaigns', 'offers', 'landings'];

export const settingsSections: [string, string][] = [
  ['tracking-links', 'Tracking links'],
  ['auto-clearing', 'Auto-clearing'],
  ['user', 'User'],
  ['ui', 'Interface'],
  ['stats', 'Stats'],
  ['columns', 'Columns'],
  ['public-api', 'Public API'],
  ['click-api', 'Click API'],
  ['lp-protect', 'LP protect'],
  ['integration', 'Integration'],
  ['postback-processing', 'Postback processing'],
  ['import-export', 'Import / export'],
  ['url-customization', 'URL customization'],
  ['feedback', 'Feedback'],
  ['beta', 'Beta'],
];
const developerSections: [string, string][] = [
  ['build-info', 'Build info'],
  ['debug-settings', 'Debug settings'],
  ['seed', 'Seed'],
  ['clicker', 'Clicker'],
  ['messages', 'Messages'],
];

export interface PanelPage {
  /** The address inside /panel; `{kind}` stands for the id of an item of that route kind. */
  path: string;
  /** The document title it ends up with (before " - Cairn"). */
  title: string;
}

/** Every route of packages/panel/src/routes/table.ts, with items to edit, clone and report on. */
export const panelPages: PanelPage[] = [
  { path: '/404', title: 'Not found' },
  { path: '/', title: 'Campaigns' },
  ...kinds.flatMap(([kind, , plural, singular]) => [
    { path: `/${kind}`, title: plural },
    { path: `/${kind}/create`, title: `New ${singular}` },
    { path: `/${kind}/edit/{${kind}}`, title: `Edit ${singular}` },
    { path: `/${kind}/clone/{${kind}}`, title: `Clone ${singular}` },
    ...(massEditable.includes(kind)
      ? [{ path: `/${kind}/edit/mass/{${kind}}`, title: `Mass edit - ${plural}` }]
      : []),
  ]),
  { path: '/trends', title: 'Trends' },
  { path: '/conversions', title: 'Conversions' },
  { path: '/clicklog', title: 'Click log' },
  { path: '/postbacks', title: 'Postbacks' },
  { path: '/files', title: 'Files' },
  { path: '/triggers', title: 'Triggers' },
  // Without a newer version the update route goes on to the campaigns, as the spec says.
  { path: '/update', title: 'Campaigns' },
  { path: '/rollback', title: 'Rollback' },
  { path: '/audit-log', title: 'Audit log' },
  { path: '/report/campaign/{campaigns}', title: 'Report' },
  { path: '/report/leads/campaign/{campaigns}', title: 'Leads report' },
  { path: '/campaigns/split-test/{campaigns}', title: 'Split test' },
  { path: '/monitor', title: 'Monitor' },
  ...developerSections.map(([path, title]) => ({
    path: `/monitor/developer/${path}`,
    title: `${title} - Monitor for developers`,
  })),
  ...settingsSections.map(([path, title]) => ({ path: `/settings/${path}`, title: `${title} - Settings` })),
];
