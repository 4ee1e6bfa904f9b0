import { z } from 'zod';

// HTTPS for tracking domains: which domains want a certificate, whether plain HTTP is sent on to HTTPS,
// and the state of each certificate (got from an ACME CA such as Let's Encrypt, renewed by the server).

export const TLS_PATHS = {
  status: '/api/tls',
  domain: '/api/tls/domains/:id',
  issue: '/api/tls/domains/:id/issue',
} as const;

export const TLS_STATES = ['off', 'pending', 'valid', 'expiring', 'expired', 'failed'] as const;
export type TlsState = (typeof TLS_STATES)[number];

export const tlsDomainSchema = z.object({
  domainId: z.number().int(),
  host: z.string(),
  /** A certificate is wanted for this domain and kept renewed. */
  https: z.boolean(),
  /** Plain HTTP to this domain is answered with a redirect to HTTPS. */
  redirectHttp: z.boolean(),
  /**
   * off: not wanted; pending: wanted, none yet; valid; expiring: within the renewal window (renewed
   * automatically); expired; failed: the last attempt failed (see lastError) and there is no valid one.
   */
  state: z.enum(TLS_STATES),
  /** ISO instants. */
  notAfter: z.string().nullable(),
  issuedAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type TlsDomain = z.infer<typeof tlsDomainSchema>;

export const tlsStatusSchema = z.object({
  /** The port HTTPS is served on; null: HTTPS is off on this server (CAIRN_HTTPS_PORT unset). */
  httpsPort: z.number().int().nullable(),
  /** The ACME directory certificates come from. */
  acmeDirectory: z.string(),
  domains: z.array(tlsDomainSchema),
});
export type TlsStatus = z.infer<typeof tlsStatusSchema>;

export const tlsDomainUpdateSchema = z.object({
  https: z.boolean(),
  redirectHttp: z.boolean().default(false),
});
export type TlsDomainUpdate = z.input<typeof tlsDomainUpdateSchema>;

export const tlsIssueResponseSchema = z.object({
  issued: z.boolean(),
  /** Why not, in the CA's words when it gave them. */
  error: z.string().nullable(),
  domain: tlsDomainSchema,
});
export type TlsIssueResponse = z.infer<typeof tlsIssueResponseSchema>;
