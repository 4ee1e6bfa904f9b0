import {
  SAVED_REPORT_PATHS,
  savedReportInputSchema,
  savedReportListSchema,
  savedReportSchema,
} from '../savedReports/savedReports.ts';
import type { ApiRoute } from './catalogue.ts';

const SAVED_REPORTS = 'Saved reports';

/** Named report states kept on the server per user, optionally shared with the installation's users. */
export const SAVED_REPORT_ROUTES: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: SAVED_REPORT_PATHS.list,
    summary: "The caller's saved reports and the ones other users share, by name",
    tag: SAVED_REPORTS,
    access: 'user',
    response: savedReportListSchema,
  },
  {
    method: 'POST',
    path: SAVED_REPORT_PATHS.list,
    summary: 'Save a report under a name (unique among the caller’s own)',
    tag: SAVED_REPORTS,
    access: 'user',
    body: savedReportInputSchema,
    response: savedReportSchema,
    status: 201,
    bodyName: 'SavedReportInput',
    responseName: 'SavedReport',
    bodyExample: {
      name: 'Offers by country, last 7 days',
      shared: true,
      state: {
        subject: { kind: 'campaign', ids: [3] },
        groupBy: ['offer', 'country'],
        preset: 'last_7_days',
        timezone: 'Europe/Berlin',
        filters: { country: ['US', 'CA'] },
        sort: { key: 'revenue', order: 'desc' },
        metrics: ['clicks', 'leads', 'revenue', 'roi'],
      },
    },
  },
  {
    method: 'GET',
    path: SAVED_REPORT_PATHS.item,
    summary: 'One saved report (own or shared)',
    tag: SAVED_REPORTS,
    access: 'user',
    response: savedReportSchema,
    responseName: 'SavedReport',
  },
  {
    method: 'PUT',
    path: SAVED_REPORT_PATHS.item,
    summary: 'Rename, reshare or replace the state of a saved report',
    description: 'Only its owner may, or an admin when it is shared; other users get 403.',
    tag: SAVED_REPORTS,
    access: 'user',
    body: savedReportInputSchema,
    response: savedReportSchema,
    bodyName: 'SavedReportInput',
    responseName: 'SavedReport',
  },
  {
    method: 'DELETE',
    path: SAVED_REPORT_PATHS.item,
    summary: 'Delete a saved report',
    description: 'Only its owner may, or an admin when it is shared; other users get 403.',
    tag: SAVED_REPORTS,
    access: 'user',
  },
];
