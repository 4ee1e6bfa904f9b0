import {
  entityIdParamsSchema,
  TLS_PATHS,
  type TlsDomain,
  type TlsIssueResponse,
  type TlsState,
  type TlsStatus,
  tlsDomainUpdateSchema,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit.ts';
import type { FeaturePlugin } from '../feature.ts';
import { HttpError, parseInput } from '../http.ts';
import type { Sql } from '../store/config/port.ts';
import {
  type CertificateRecord,
  certificateOf,
  challengeAnswer,
  listCertificates,
  setWanted,
} from './records.ts';
import { ACME_CHALLENGE_PREFIX, RENEW_BEFORE_MS, TLS_CHANGE } from './service.ts';

// The HTTPS section of the Domains page, for admins: which domains want a certificate, whether plain
// HTTP is redirected, and each certificate's state. And, for the CA, the HTTP-01 challenge answers.

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function stateOf(record: CertificateRecord | undefined, now: number): TlsState {
  if (!record?.wanted) return 'off';
  const hasValid = record.notAfter !== null && record.notAfter > now;
  if (!hasValid && record.lastError !== null) return 'failed';
  if (record.notAfter === null) return 'pending';
  if (record.notAfter <= now) return 'expired';
  return record.notAfter - now < RENEW_BEFORE_MS ? 'expiring' : 'valid';
}

function domainOf(
  domain: { id: number; host: string },
  record: CertificateRecord | undefined,
  now: number,
): TlsDomain {
  return {
    domainId: Number(domain.id),
    host: domain.host,
    https: record?.wanted ?? false,
    redirectHttp: record?.redirectHttp ?? false,
    state: stateOf(record, now),
    notAfter: iso(record?.notAfter ?? null),
    issuedAt: iso(record?.issuedAt ?? null),
    lastAttemptAt: iso(record?.lastAttemptAt ?? null),
    lastError: record?.lastError ?? null,
  };
}

async function domainById(sql: Sql, id: number): Promise<{ id: number; host: string }> {
  const [domain] = await sql.query<{ id: number; host: string }>(
    'SELECT id, host FROM domains WHERE id = $1 AND NOT archived',
    [id],
  );
  if (!domain) throw new HttpError(404, { message: `Domain ${id} not found` });
  return domain;
}

export const tlsPlugin: FeaturePlugin = async (api, { ctx, guard }) => {
  const { tls } = ctx;
  const now = () => ctx.config.now();
  const current = async (id: number) => {
    const domain = await domainById(ctx.store, id);
    return domainOf(domain, (await certificateOf(ctx.store, domain.host)) ?? undefined, now());
  };

  api.get(TLS_PATHS.status, async (request): Promise<TlsStatus> => {
    guard.requireAdmin(request);
    const records = new Map((await listCertificates(ctx.store)).map((record) => [record.host, record]));
    const domains = await ctx.store.query<{ id: number; host: string }>(
      'SELECT id, host FROM domains WHERE NOT archived ORDER BY host',
    );
    return {
      httpsPort: tls.httpsPort,
      acmeDirectory: ctx.config.acmeDirectory,
      domains: domains.map((domain) => domainOf(domain, records.get(domain.host), now())),
    };
  });

  api.put(TLS_PATHS.domain, async (request): Promise<TlsDomain> => {
    const user = guard.requireAdmin(request);
    const { id } = parseInput(entityIdParamsSchema, request.params);
    const update = parseInput(tlsDomainUpdateSchema, request.body);
    const domain = await domainById(ctx.store, id);
    await ctx.store.transaction(async (tx) => {
      await setWanted(tx, domain.host, update.https, update.https && update.redirectHttp, now());
      await recordAudit(tx, now(), {
        userId: user.id,
        action: 'tls_updated',
        entityKind: 'domain',
        entityId: id,
        details: { https: update.https, redirectHttp: update.https && update.redirectHttp },
      });
    });
    await ctx.changes.emit(TLS_CHANGE, 0);
    const record = await certificateOf(ctx.store, domain.host);
    // Wanted and without a usable certificate: get one now rather than at the next hourly check.
    if (update.https && (record?.notAfter ?? 0) < now() + RENEW_BEFORE_MS) {
      tls
        .issue(domain.host)
        .catch((error: unknown) => ctx.logger.error({ err: error }, 'certificate request failed'));
    }
    return current(id);
  });

  api.post(TLS_PATHS.issue, async (request): Promise<TlsIssueResponse> => {
    const user = guard.requireAdmin(request);
    const { id } = parseInput(entityIdParamsSchema, request.params);
    const domain = await domainById(ctx.store, id);
    if (!(await certificateOf(ctx.store, domain.host))?.wanted) {
      throw new HttpError(409, { message: `Turn HTTPS on for ${domain.host} first` });
    }
    const outcome = await tls.issue(domain.host);
    await recordAudit(ctx.store, now(), {
      userId: user.id,
      action: outcome.issued ? 'tls_certificate_issued' : 'tls_certificate_failed',
      entityKind: 'domain',
      entityId: id,
    });
    return {
      issued: outcome.issued,
      error: outcome.issued ? null : outcome.error,
      domain: await current(id),
    };
  });
};

const TOKEN = /^[A-Za-z0-9_-]{1,256}$/;

/** `/.well-known/acme-challenge/<token>`, public and over plain HTTP, answered from the shared store. */
export function acmeChallengeEndpoint(store: Sql) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(`${ACME_CHALLENGE_PREFIX}:token`, async (request, reply) => {
      const { token } = request.params as { token: string };
      const answer = TOKEN.test(token) ? await challengeAnswer(store, token) : null;
      if (answer === null) return reply.code(404).type('text/plain').send('Not found');
      return reply.type('text/plain').header('cache-control', 'no-store').send(answer);
    });
  };
}
