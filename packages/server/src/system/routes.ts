import {
  API_PATHS,
  type HealthResponse,
  installLicenseRequestSchema,
  type LicenseStatusResponse,
  MESSAGES,
  type ModeResponse,
  type ReadyResponse,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import type { UserWithSecrets } from '../auth/users.ts';
import type { CairnConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { FeatureOptions } from '../feature.ts';
import { HttpError, parseInput } from '../http.ts';
import { checkLicense } from '../license.ts';
import { SETTING_LICENSE_KEY } from '../settings/keys.ts';
import { setSetting } from '../settings/store.ts';
import { checkForUpdates } from '../updates.ts';

/** The mode, with the links of the panel's demo and licence messages that the operator set (CAIRN_LINK_*). */
export function modeResponse(config: CairnConfig): ModeResponse {
  const set = Object.entries({
    trial: config.linkTrial,
    support: config.linkSupport,
    telegram: config.linkTelegram,
    licenseLogin: config.linkLicense,
    feedback: config.feedbackUrl,
  }).filter((entry): entry is [string, string] => entry[1] !== null);
  return set.length > 0 ? { mode: config.mode, links: Object.fromEntries(set) } : { mode: config.mode };
}

type ReadyCheck = ReadyResponse['checks'][number];

/** How long a store may take to answer a readiness probe before the node counts as not ready. */
const READY_STORE_TIMEOUT_MS = 2_000;

async function probe(name: ReadyCheck['name'], check: () => Promise<unknown>): Promise<ReadyCheck> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${READY_STORE_TIMEOUT_MS} ms`)),
      READY_STORE_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([check(), late]);
    return { name, ok: true, detail: 'answers' };
  } catch (error) {
    return { name, ok: false, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this node should get traffic: both stores answer, and journaled events reach the event
 * store within CAIRN_READY_MAX_LAG_MS (a node whose store is down keeps answering clicks from its
 * journal, but a balancer should prefer the others until it catches up).
 */
export async function readiness(ctx: AppContext): Promise<ReadyResponse> {
  const stats = ctx.tracking.recorder.stats();
  const limit = ctx.config.readyMaxLagMs;
  const journal: ReadyCheck = {
    name: 'journal',
    ok: stats.lagMs <= limit,
    detail:
      stats.lagMs <= limit
        ? `${stats.backlogEvents} events waiting, oldest ${Math.round(stats.lagMs)} ms`
        : `the oldest of ${stats.backlogEvents} journaled events waits ${Math.round(stats.lagMs)} ms (limit ${limit} ms)` +
          (stats.lastError ? `: ${stats.lastError}` : ''),
  };
  const checks = [
    await probe('config_store', () => ctx.store.query('SELECT 1 AS ok')),
    await probe('event_store', () => ctx.events.query('SELECT 1 AS ok')),
    journal,
  ];
  return { status: checks.every((check) => check.ok) ? 'ready' : 'not_ready', checks };
}

/** Health, readiness, mode, licence and the update check. */
export async function systemPlugin(app: FastifyInstance, { ctx, guard }: FeatureOptions): Promise<void> {
  const { config } = ctx;
  const { audit, requireUser, requireAdmin, stateOf, checkCredentials, licenseStatus } = guard;

  app.get(API_PATHS.health, async (): Promise<HealthResponse> => {
    await ctx.store.query('SELECT 1 AS ok');
    return { status: 'ok', version: ctx.version, mode: config.mode, schemaVersion: ctx.schemaVersion };
  });

  app.get(API_PATHS.ready, async (_request, reply): Promise<ReadyResponse> => {
    const answer = await readiness(ctx);
    reply.code(answer.status === 'ready' ? 200 : 503).header('cache-control', 'no-store');
    return answer;
  });

  app.get(API_PATHS.mode, async (): Promise<ModeResponse> => modeResponse(config));

  app.get(API_PATHS.license, async (request): Promise<LicenseStatusResponse> => {
    requireUser(request, { license: false });
    return licenseStatus();
  });

  app.post(API_PATHS.license, async (request): Promise<LicenseStatusResponse> => {
    const body = parseInput(installLicenseRequestSchema, request.body);
    // Without a licence nobody can hold a session, so an admin may authorise with credentials instead.
    let installer: UserWithSecrets;
    const auth = stateOf(request).auth;
    if (auth.kind === 'session') {
      installer = auth.user;
    } else if (body.login && body.password) {
      installer = await checkCredentials(request, body.login, body.password);
    } else {
      throw new HttpError(401, { message: MESSAGES.authenticationRequired });
    }
    if (installer.role === 'user') throw new HttpError(403, { message: MESSAGES.permissionDenied });
    if (!config.licensePublicKey) {
      throw new HttpError(409, {
        message: 'This is the community edition (no licence public key configured): no licence needed',
      });
    }
    const checked = checkLicense({
      publicKey: config.licensePublicKey,
      key: body.key,
      trackerId: ctx.trackerId,
      now: config.now(),
    });
    if (checked.state !== 'valid') {
      const reason =
        checked.state === 'expired' ? 'it has expired' : checked.state === 'missing' ? checked.reason : '';
      throw new HttpError(400, {
        message: `The licence key is not valid for this tracker: ${reason}`,
        errors: [{ message: `The licence key is not valid: ${reason}`, detail: { field: 'key' } }],
      });
    }
    await setSetting(ctx.store, SETTING_LICENSE_KEY, body.key);
    ctx.installedLicenseKey = body.key;
    await audit(installer.id, 'license_installed', {
      plan: checked.payload.plan,
      expiresAt: checked.payload.expiresAt,
    });
    return licenseStatus();
  });

  app.get(API_PATHS.updatesCheck, async (request) => {
    requireAdmin(request);
    return checkForUpdates(config.updateFeed, ctx.version, ctx.outbound);
  });
}
