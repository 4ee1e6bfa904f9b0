import { API_PATHS, ENTITY_KINDS, entityPath } from '@cairn/contract';

// The routes a read-only link (`?auth=<secret>`) opens: entity reads and reports, plus who the caller is
// and whether profit is hidden from them, which a report page needs. Users, the audit log, backups,
// licence, settings and every other admin route answer a link as an anonymous caller (401): a leaked link
// shows figures, never the installation's administration.
const ENTITY_READS = new Set(
  ENTITY_KINDS.filter((kind) => kind !== 'user').flatMap((kind) => [
    entityPath.list(kind),
    `${entityPath.list(kind)}/:id`,
  ]),
);
const IDENTITY_READS = new Set<string>([API_PATHS.role, API_PATHS.hideProfit]);
const REPORT_PREFIXES = ['/api/report', '/api/clicks', '/api/conversions'];

/** Whether the matched route (its pattern, e.g. `/api/offer/:id`) accepts the auth secret on a GET. */
export function authSecretOpens(route: string | undefined): boolean {
  if (route === undefined) return false;
  if (ENTITY_READS.has(route) || IDENTITY_READS.has(route)) return true;
  return REPORT_PREFIXES.some(
    (prefix) => route === prefix || route.startsWith(`${prefix}/`) || route.startsWith(`${prefix}_`),
  );
}
