import {
  affiliateNetworkTemplatesResponseSchema,
  auditEntrySchema,
  auditLogQuerySchema,
  campaignPath,
  deleteResponseSchema,
  ENTITY_CONTRACTS,
  ENTITY_KINDS,
  type EntityKind,
  entityPath,
  listQuerySchemaFor,
  listResponseSchema,
  massUpdateRequestSchemaFor,
  massUpdateResponseSchema,
  offerImportRequestSchema,
  offerImportResponseSchema,
  trafficSourceTemplatesResponseSchema,
  userPath,
} from '../entities/index.ts';
import {
  ENTITY_CSV_COLUMNS,
  ENTITY_CSV_ID_HEADER,
  ENTITY_CSV_KINDS,
  type EntityCsvKind,
  entityCsvPath,
} from '../importExport/entityCsv.ts';
import {
  entityCsvImportRequestSchema,
  entityCsvImportResponseSchema,
} from '../importExport/entityCsvSchemas.ts';
import type { ApiRoute } from './catalogue.ts';

// The generic REST shape every entity kind is served with (the server registers it per kind from the
// same list), and the few routes kinds add to it.

/** `affiliate_network` -> `AffiliateNetwork`, the kind's name in the document's components. */
const componentName = (kind: string): string =>
  kind
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

const PERMISSIONS =
  'Admins may do everything; a plain user needs a permission for the kind (read, or write), and items outside it answer 404.';

function routesOfKind(kind: EntityKind): ApiRoute[] {
  const contract = ENTITY_CONTRACTS[kind];
  const list = entityPath.list(kind);
  const item = `${list}/:id`;
  const name = componentName(kind);
  const tag = contract.nounPlural.charAt(0).toUpperCase() + contract.nounPlural.slice(1);
  const base = { tag, access: 'user' as const, description: PERMISSIONS };
  const one = { response: contract.schema, responseName: name };
  const input = { body: contract.inputSchema, bodyName: `${name}Input` };
  return [
    {
      ...base,
      method: 'GET',
      path: list,
      summary: `List ${contract.nounPlural}`,
      query: listQuerySchemaFor(contract.listSpec),
      response: listResponseSchema(contract.schema),
      responseName: `${name}List`,
    },
    {
      ...base,
      ...input,
      ...one,
      method: 'POST',
      path: list,
      summary: `Create a ${contract.noun}`,
      status: 201,
    },
    {
      ...base,
      method: 'PATCH',
      path: entityPath.mass(kind),
      summary: `Change fields of many ${contract.nounPlural} at once`,
      body: massUpdateRequestSchemaFor(contract.massChangesSchema),
      response: massUpdateResponseSchema,
      responseName: 'MassUpdateResult',
    },
    { ...base, ...one, method: 'GET', path: item, summary: `Get a ${contract.noun}` },
    {
      ...base,
      ...input,
      ...one,
      method: 'PUT',
      path: item,
      summary: `Replace a ${contract.noun}`,
      errors: { 409: 'A unique field is taken, or the change conflicts with other items' },
    },
    {
      ...base,
      method: 'DELETE',
      path: item,
      summary: `Delete a ${contract.noun}`,
      response: deleteResponseSchema,
      responseName: 'Deleted',
      errors: { 409: 'Other items still use it' },
    },
    { ...base, ...one, method: 'POST', path: `${item}/archive`, summary: `Archive a ${contract.noun}` },
    {
      ...base,
      ...one,
      method: 'POST',
      path: `${item}/restore`,
      summary: `Restore an archived ${contract.noun}`,
    },
    ...((ENTITY_CSV_KINDS as readonly string[]).includes(kind) ? csvRoutesOfKind(kind as EntityCsvKind) : []),
  ];
}

function csvRoutesOfKind(kind: EntityCsvKind): ApiRoute[] {
  const contract = ENTITY_CONTRACTS[kind];
  const tag = contract.nounPlural.charAt(0).toUpperCase() + contract.nounPlural.slice(1);
  const columns = [ENTITY_CSV_ID_HEADER, ...ENTITY_CSV_COLUMNS[kind].map((column) => column.header)].join(
    ', ',
  );
  return [
    {
      tag,
      access: 'user',
      method: 'GET',
      path: entityCsvPath(kind),
      summary: `Every ${contract.noun} the list's query selects, as CSV`,
      description: `All pages of the list (its filters, search and sort; page and pageSize are ignored), streamed. Columns: ${columns}. Other entities are named by name, or by id where a name is shared.`,
      query: listQuerySchemaFor(contract.listSpec),
      produces: 'text/csv',
    },
    {
      tag,
      access: 'user',
      method: 'POST',
      path: entityCsvPath(kind),
      summary: `Create and update ${contract.nounPlural} from CSV`,
      description: `The first line names the columns (any of: ${columns}; comma, semicolon or tab delimited). A line without an ID creates a ${contract.noun}; a line with one updates it with the columns the file has. Each line is checked as the form checks it and gets its own outcome.`,
      body: entityCsvImportRequestSchema,
      response: entityCsvImportResponseSchema,
      responseName: 'EntityCsvImportResult',
    },
  ];
}

export const ENTITY_ROUTES: readonly ApiRoute[] = [
  ...ENTITY_KINDS.flatMap(routesOfKind),
  {
    method: 'POST',
    path: entityPath.offerImport,
    summary: 'Create offers from pasted lines',
    tag: 'Offers',
    access: 'user',
    body: offerImportRequestSchema,
    response: offerImportResponseSchema,
  },
  {
    method: 'GET',
    path: entityPath.trafficSourceTemplates,
    summary: 'Ready-made traffic source settings of known networks',
    tag: 'Traffic sources',
    access: 'user',
    response: trafficSourceTemplatesResponseSchema,
  },
  {
    method: 'GET',
    path: entityPath.affiliateNetworkTemplates,
    summary: 'Ready-made affiliate network settings of known networks and the platforms networks run on',
    tag: 'Affiliate networks',
    access: 'user',
    response: affiliateNetworkTemplatesResponseSchema,
  },
  {
    method: 'POST',
    path: campaignPath.regenerateKeyRoute,
    summary: 'Give a campaign a new key (its old URL stops working at once)',
    tag: 'Campaigns',
    access: 'user',
    response: ENTITY_CONTRACTS.campaign.schema,
    responseName: 'Campaign',
  },
  {
    method: 'POST',
    path: userPath.twoFactorResetRoute,
    summary: "Turn another user's two-factor sign-in off",
    tag: 'Users',
    access: 'user',
    response: ENTITY_CONTRACTS.user.schema,
    responseName: 'User',
  },
  {
    method: 'GET',
    path: entityPath.auditLog,
    summary: 'The audit log, newest first',
    tag: 'Audit log',
    access: 'admin',
    query: auditLogQuerySchema,
    response: listResponseSchema(auditEntrySchema),
    responseName: 'AuditLog',
  },
];
