// Entity lists as CSV: the whole filtered list out (the list's own query), and such a file back in, one
// outcome per line. A line with an ID updates that item with the columns the file has; a line without one
// creates an item. Other entities are named by name (a domain by its host), so a file edited in a
// spreadsheet reads as the list does. The columns of each kind are listed here once: the server writes and
// reads them, the panel and the docs show them. Plain data, without zod, so a list can show its buttons
// without the schemas (entityCsvSchemas.ts).

export const ENTITY_CSV_KINDS = [
  'offer',
  'landing',
  'affiliate_network',
  'traffic_source',
  'campaign',
] as const;
export type EntityCsvKind = (typeof ENTITY_CSV_KINDS)[number];

/** The kinds a reference column names, by name (a domain by its host). */
export type CsvReferenceKind =
  | 'group'
  | 'affiliate_network'
  | 'traffic_source'
  | 'domain'
  | 'rotation'
  | 'offer';

/**
 * How a column's cells read: as they are; whole or decimal numbers; yes/no; an amount in units of the
 * currency (stored in micro-units); JSON as the API takes it; another entity by name; or a campaign's
 * single path as `Name:weight | Name:weight`.
 */
export type CsvCodec =
  | 'text'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'money'
  | 'json'
  | { ref: CsvReferenceKind }
  | 'pathOffers'
  | 'pathLanders';

export interface EntityCsvColumn {
  header: string;
  /** The entity field it fills (the flow's columns all fill `flow`). */
  field: string;
  codec: CsvCodec;
  /** What the docs and the import dialog say about it. */
  note: string;
  /**
   * An empty cell clears the field (null). Otherwise an empty cell leaves it: as it is on an update, the
   * default on a new line. References are always nullable.
   */
  nullable?: true;
}

const NAME = { header: 'Name', field: 'name', codec: 'text', note: 'Required on a new line' } as const;
const NOTES = { header: 'Notes', field: 'notes', codec: 'text', note: '' } as const;
export const ENTITY_CSV_ID_NOTE =
  'Empty: a new item; an id: that item is updated with the columns the file has';

export const ENTITY_CSV_ID_HEADER = 'ID';

export const ENTITY_CSV_COLUMNS: Readonly<Record<EntityCsvKind, readonly EntityCsvColumn[]>> = {
  offer: [
    NAME,
    { header: 'URL', field: 'url', codec: 'text', note: 'With macros such as {clickid}' },
    {
      header: 'Affiliate network',
      field: 'affiliateNetworkId',
      codec: { ref: 'affiliate_network' },
      note: 'By name',
    },
    { header: 'Group', field: 'groupId', codec: { ref: 'group' }, note: 'An offer group, by name' },
    {
      header: 'Payout auto',
      field: 'payoutAuto',
      codec: 'boolean',
      note: 'yes: the payout the postback brings',
    },
    { header: 'Payout', field: 'payoutMicros', codec: 'money', note: 'In the offer currency, e.g. 2.50' },
    { header: 'Currency', field: 'currency', codec: 'text', note: 'ISO 4217, e.g. USD' },
    { header: 'Upsell', field: 'upsell', codec: 'boolean', note: 'yes or no' },
    {
      header: 'Country',
      field: 'countryCode',
      codec: 'text',
      note: 'ISO 3166-1 alpha-2, e.g. US',
      nullable: true,
    },
    {
      header: 'Daily conversion cap',
      field: 'dailyCap',
      codec: 'integer',
      note: 'Empty: none',
      nullable: true,
    },
    {
      header: 'Daily click cap',
      field: 'dailyClickCap',
      codec: 'integer',
      note: 'Empty: none',
      nullable: true,
    },
    {
      header: 'Cap fallback offer',
      field: 'capFallbackOfferId',
      codec: { ref: 'offer' },
      note: 'By name',
    },
    NOTES,
  ],
  landing: [
    NAME,
    { header: 'URL', field: 'url', codec: 'text', note: '' },
    { header: 'Offers', field: 'offersCount', codec: 'integer', note: 'How many offers the lander links to' },
    { header: 'Language', field: 'language', codec: 'text', note: 'e.g. en or pt-BR', nullable: true },
    { header: 'Group', field: 'groupId', codec: { ref: 'group' }, note: 'A lander group, by name' },
    { header: 'LP protect', field: 'lpProtect', codec: 'boolean', note: 'yes or no' },
    NOTES,
  ],
  affiliate_network: [
    NAME,
    { header: 'Offer URL parameters', field: 'offerUrlParams', codec: 'text', note: 'e.g. sub1={clickid}' },
    {
      header: 'Postback placeholders',
      field: 'postbackPlaceholders',
      codec: 'json',
      note: 'JSON, as the API takes it',
    },
    { header: 'Allowed postback IPs', field: 'allowedPostbackIps', codec: 'json', note: 'JSON list' },
    { header: 'Status mapping', field: 'statusMapping', codec: 'json', note: 'JSON, as the API takes it' },
    { header: 'Duplicate postbacks', field: 'duplicatePostbacks', codec: 'text', note: '' },
    {
      header: 'Accept keyless postbacks',
      field: 'acceptKeylessPostbacks',
      codec: 'boolean',
      note: 'yes or no',
    },
    NOTES,
  ],
  traffic_source: [
    NAME,
    { header: 'Tokens', field: 'tokens', codec: 'json', note: 'JSON list of {parameter, placeholder, name}' },
    {
      header: 'External ID',
      field: 'externalId',
      codec: 'json',
      note: 'JSON {parameter, placeholder}',
      nullable: true,
    },
    { header: 'Cost', field: 'cost', codec: 'json', note: 'JSON {parameter, placeholder}', nullable: true },
    { header: 'Postback URL', field: 'postbackUrl', codec: 'text', note: 'With macros', nullable: true },
    { header: 'Postback percent', field: 'postbackPercent', codec: 'number', note: '0 to 100' },
    { header: 'Payout percent', field: 'payoutPercent', codec: 'number', note: '0 to 100' },
    { header: 'Postback mode', field: 'postbackMode', codec: 'text', note: '' },
    { header: 'Traffic loss percent', field: 'trafficLossPercent', codec: 'number', note: '0 to 100' },
    {
      header: 'Template',
      field: 'templateId',
      codec: 'text',
      note: 'The template it was made from',
      nullable: true,
    },
    NOTES,
  ],
  campaign: [
    NAME,
    { header: 'Group', field: 'groupId', codec: { ref: 'group' }, note: 'A campaign group, by name' },
    { header: 'Traffic source', field: 'trafficSourceId', codec: { ref: 'traffic_source' }, note: 'By name' },
    { header: 'Domain', field: 'domainId', codec: { ref: 'domain' }, note: 'By host; empty: the default' },
    { header: 'Cost model', field: 'costModel', codec: 'text', note: 'cpc, cpa, cpm, revshare or none' },
    { header: 'Cost auto', field: 'costAuto', codec: 'boolean', note: 'yes: the cost the source passes' },
    { header: 'Cost', field: 'costMicros', codec: 'money', note: 'In the campaign currency' },
    { header: 'Currency', field: 'currency', codec: 'text', note: 'ISO 4217' },
    { header: 'Redirect mode', field: 'redirectMode', codec: 'text', note: '' },
    { header: 'Uniqueness hours', field: 'uniquenessHours', codec: 'integer', note: '' },
    { header: 'Status', field: 'status', codec: 'text', note: '' },
    { header: 'Rotation', field: 'rotationId', codec: { ref: 'rotation' }, note: 'By name; or a flow below' },
    {
      header: 'Offers',
      field: 'flow',
      codec: 'pathOffers',
      note: 'One path: `Offer A:60 | Offer B:40` (weight after the last colon, 100 when left out)',
    },
    {
      header: 'Landers',
      field: 'flow',
      codec: 'pathLanders',
      note: 'The same path\'s landers, the same way; "Direct" for a share without a lander',
    },
    {
      header: 'Flow',
      field: 'flow',
      codec: 'json',
      note: 'JSON as the API takes it, for flows with rules or several paths; wins over Offers and Landers',
    },
    NOTES,
  ],
};

/** "Direct" in a Landers cell: a share of the path's clicks that goes straight to the offer. */
export const CSV_DIRECT_LANDER = 'Direct';

export const ENTITY_CSV_MAX_CHARS = 5_000_000;

export const entityCsvPath = (kind: string): string => `/api/${kind}/csv`;
