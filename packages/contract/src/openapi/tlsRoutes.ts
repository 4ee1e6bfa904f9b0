import {
  TLS_PATHS,
  tlsDomainSchema,
  tlsDomainUpdateSchema,
  tlsIssueResponseSchema,
  tlsStatusSchema,
} from '../tls.ts';
import type { ApiRoute } from './catalogue.ts';

const HTTPS = 'HTTPS';

/** Certificates for the tracking domains, from an ACME CA. */
export const TLS_ROUTES: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: TLS_PATHS.status,
    summary: 'HTTPS for each tracking domain: wanted, redirect, certificate state and expiry',
    tag: HTTPS,
    access: 'admin',
    response: tlsStatusSchema,
  },
  {
    method: 'PUT',
    path: TLS_PATHS.domain,
    summary: 'Turn HTTPS on or off for a domain, and whether plain HTTP is sent on to HTTPS',
    description:
      'Turning HTTPS on starts getting a certificate at once (the answer does not wait for it); it is ' +
      'renewed automatically 30 days before it expires. Audit-logged; every node follows.',
    tag: HTTPS,
    access: 'admin',
    body: tlsDomainUpdateSchema,
    response: tlsDomainSchema,
    bodyExample: { https: true, redirectHttp: true },
  },
  {
    method: 'POST',
    path: TLS_PATHS.issue,
    summary: "Get or renew a domain's certificate now, and wait for the outcome",
    tag: HTTPS,
    access: 'admin',
    response: tlsIssueResponseSchema,
    errors: { 409: 'HTTPS is not turned on for this domain' },
  },
];
