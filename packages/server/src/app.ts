import fs from 'node:fs';
import path from 'node:path';
import {
  API_PATHS,
  AUTH_QUERY_PARAM,
  type AuthSecretResponse,
  type BackupListResponse,
  type CanCreateUsersResponse,
  changePasswordRequestSchema,
  type HealthResponse,
  type HideProfitResponse,
  installLicenseRequestSchema,
  type LicenseErrorBody,
  type LicenseStatusResponse,
  MESSAGES,
  type ModeResponse,
  type OkResponse,
  type RoleResponse,
  SESSION_COOKIE,
  type SignInResponse,
  signInRequestSchema,
  type TwoFactorEnableResponse,
  type TwoFactorStatusResponse,
  twoFactorCodeRequestSchema,
  twoFactorSignInRequestSchema,
  userIdParamsSchema,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@cairn/contract';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { Logger } from 'pino';
import { burnPasswordCheck, verifyPassword } from './auth/password.ts';
import { hmac, type Keys, randomToken, safeEqual } from './auth/secrets.ts';
import { type Session, type SessionRepository, TWO_FACTOR_WINDOW_MS } from './auth/sessions.ts';
import { FailureThrottle } from './auth/throttle.ts';
import { generateTotpSecret, matchTotp, otpauthUri } from './auth/totp.ts';
import type { UserRepository, UserWithSecrets } from './auth/users.ts';
import type { CairnConfig } from './config.ts';
import { HttpError, parseInput } from './http.ts';
import { checkLicense, type LicenseState } from './license.ts';
import { SETTING_LICENSE_KEY, setSetting } from './settings.ts';
import { listBackups } from './store/backups.ts';
import type { ConfigStore } from './store/port.ts';
import { timestamp } from './store/port.ts';
import { checkForUpdates } from './updates.ts';

export interface AppContext {
  config: CairnConfig;
  store: ConfigStore;
  keys: Keys;
  trackerId: string;
  version: string;
  schemaVersion: number;
  users: UserRepository;
  sessions: SessionRepository;
  logger: Logger;
  /** The key installed through the API (kept in settings); CAIRN_LICENSE_KEY is the other candidate. */
  installedLicenseKey: string | null;
}

// Read-only links opened outside the panel carry the user's auth secret instead of a session.
type Authentication =
  | { kind: 'session'; session: Session; user: UserWithSecrets }
  | { kind: 'pending_two_factor'; session: Session; user: UserWithSecrets }
  | { kind: 'auth_secret'; user: UserWithSecrets }
  | { kind: 'none' };

interface RequestState {
  auth: Authentication;
  anonymousId: string | null;
  /** What the XSRF token of the response must be bound to; sign-in and logout change it. */
  binding: string | null;
  xsrfFromRequest: string | undefined;
}

const ANON_COOKIE = 'cairn_anon';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Demo mode refuses everything that changes data, except what a visitor needs to get in and out.
const DEMO_ALLOWED = new Set<string>([API_PATHS.signIn, API_PATHS.signInTwoFactor, API_PATHS.logout]);

function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/updates/');
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

export function buildApp(ctx: AppContext): FastifyInstance {
  const { config, users, sessions, keys } = ctx;
  const app = Fastify({
    // pino's Logger is a FastifyBaseLogger; the cast keeps the instance type the default one callers expect.
    loggerInstance: ctx.logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  const state = new WeakMap<FastifyRequest, RequestState>();
  const windowMs = config.signInThrottleWindowMinutes * 60 * 1000;
  const ipThrottle = new FailureThrottle(config.signInMaxFailuresPerIp, windowMs);
  const accountThrottle = new FailureThrottle(config.signInMaxFailuresPerAccount, windowMs);
  const sessionLifetimeMs = config.sessionLifetimeHours * 60 * 60 * 1000;

  app.register(fastifyCookie);

  const stateOf = (request: FastifyRequest): RequestState => {
    const found = state.get(request);
    if (!found) throw new Error('Request state missing: the onRequest hook did not run');
    return found;
  };

  const xsrfToken = (binding: string): string => {
    const nonce = randomToken(16);
    return `${nonce}.${hmac(keys.csrf, `${binding}.${nonce}`)}`;
  };
  const xsrfValid = (token: string | undefined, binding: string | null): boolean => {
    if (!token || !binding) return false;
    const [nonce, mac, extra] = token.split('.');
    if (!nonce || !mac || extra !== undefined) return false;
    return safeEqual(mac, hmac(keys.csrf, `${binding}.${nonce}`));
  };

  const secureCookie = (request: FastifyRequest): boolean => request.protocol === 'https';

  const licenseState = (): LicenseState => {
    const candidates = [ctx.installedLicenseKey, config.licenseKey].filter((key): key is string =>
      Boolean(key),
    );
    const check = (key: string | null) =>
      checkLicense({ publicKey: config.licensePublicKey, key, trackerId: ctx.trackerId, now: config.now() });
    if (candidates.length === 0) return check(null);
    const states = candidates.map(check);
    return (
      states.find((s) => s.state === 'valid') ??
      states.find((s) => s.state === 'expired') ??
      states[0] ??
      check(null)
    );
  };

  const assertLicensed = (): void => {
    const license = licenseState();
    if (license.state === 'community' || license.state === 'valid') return;
    const error = license.state === 'expired' ? 'License expired' : 'License not found';
    const body: LicenseErrorBody = {
      error,
      trackerId: ctx.trackerId,
      message: `${error} (tracker id ${ctx.trackerId})`,
    };
    throw new HttpError(402, body);
  };

  const requireUser = (request: FastifyRequest, options: { license?: boolean } = {}): UserWithSecrets => {
    const auth = stateOf(request).auth;
    if (auth.kind !== 'session' && auth.kind !== 'auth_secret') {
      throw new HttpError(401, { message: MESSAGES.authenticationRequired });
    }
    if (options.license !== false) assertLicensed();
    return auth.user;
  };

  const requireAdmin = (request: FastifyRequest, options: { license?: boolean } = {}): UserWithSecrets => {
    const user = requireUser(request, options);
    if (user.role === 'user') throw new HttpError(403, { message: MESSAGES.permissionDenied });
    return user;
  };

  const audit = async (
    userId: number | null,
    action: string,
    details?: Record<string, unknown>,
  ): Promise<void> => {
    await ctx.store.execute(
      'INSERT INTO audit_log (occurred_at, user_id, action, details) VALUES (CAST($1 AS TIMESTAMPTZ), $2, $3, $4)',
      [timestamp(config.now()), userId, action, details ? JSON.stringify(details) : null],
    );
  };

  const startSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserWithSecrets,
    pendingTwoFactor: boolean,
  ): Promise<void> => {
    const current = stateOf(request);
    // Rotation: whatever session the browser came with (a finished or half-finished sign-in) ends here.
    if (current.auth.kind === 'session' || current.auth.kind === 'pending_two_factor') {
      await sessions.revoke(current.auth.session.idHash);
    }
    const lifetimeMs = pendingTwoFactor ? TWO_FACTOR_WINDOW_MS : sessionLifetimeMs;
    const { token, session } = await sessions.create({
      userId: user.id,
      lifetimeMs,
      pendingTwoFactor,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookie(request),
      maxAge: Math.floor(lifetimeMs / 1000),
    });
    current.auth = pendingTwoFactor
      ? { kind: 'pending_two_factor', session, user }
      : { kind: 'session', session, user };
    current.binding = `s:${session.idHash}`;
  };

  const throttled = (retryAfter: number): HttpError =>
    new HttpError(429, { message: MESSAGES.tooManyAttempts }, { 'retry-after': String(retryAfter) });

  // Who is calling, CSRF and demo-mode refusals, before any body is parsed.
  app.addHook('onRequest', async (request) => {
    const requestState: RequestState = {
      auth: { kind: 'none' },
      anonymousId: null,
      binding: null,
      xsrfFromRequest: request.cookies[XSRF_COOKIE],
    };
    state.set(request, requestState);
    if (!isApiPath(request.url)) return;

    const sessionToken = request.cookies[SESSION_COOKIE];
    if (sessionToken) {
      const session = await sessions.find(sessionToken);
      const user = session ? await users.findById(session.userId) : null;
      if (session && user && !user.disabled) {
        requestState.auth = session.pendingTwoFactor
          ? { kind: 'pending_two_factor', session, user }
          : { kind: 'session', session, user };
        requestState.binding = `s:${session.idHash}`;
      }
    }
    const anonymousId = request.cookies[ANON_COOKIE];
    if (anonymousId && /^[A-Za-z0-9_-]{22}$/.test(anonymousId)) {
      requestState.anonymousId = anonymousId;
      requestState.binding ??= `a:${anonymousId}`;
    }

    if (!SAFE_METHODS.has(request.method)) {
      const header = request.headers[XSRF_HEADER.toLowerCase()];
      const headerToken = Array.isArray(header) ? header[0] : header;
      if (
        !headerToken ||
        headerToken !== requestState.xsrfFromRequest ||
        !xsrfValid(headerToken, requestState.binding)
      ) {
        throw new HttpError(403, { message: MESSAGES.csrf });
      }
      if (config.mode === 'demo' && !DEMO_ALLOWED.has(pathOf(request.url))) {
        throw new HttpError(410, { message: MESSAGES.demoUnavailable });
      }
      return;
    }

    const query = request.query as Record<string, unknown> | undefined;
    const authSecret = query?.[AUTH_QUERY_PARAM];
    if (requestState.auth.kind === 'none' && typeof authSecret === 'string' && authSecret.length > 0) {
      const user = await users.findByAuthSecret(authSecret);
      if (user && !user.disabled) requestState.auth = { kind: 'auth_secret', user };
    }
  });

  // Every API response leaves the browser holding an XSRF token valid for its current session (or, before
  // sign-in, for an anonymous HttpOnly cookie): this is how the sign-in form gets its token, from
  // GET /api/mode or any other call it makes first.
  app.addHook('onSend', async (request, reply) => {
    if (!isApiPath(request.url)) return;
    const requestState = state.get(request);
    if (!requestState) return;
    if (requestState.binding === null) {
      const anonymousId = randomToken(16);
      requestState.anonymousId = anonymousId;
      requestState.binding = `a:${anonymousId}`;
      reply.setCookie(ANON_COOKIE, anonymousId, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookie(request),
      });
    }
    if (!xsrfValid(requestState.xsrfFromRequest, requestState.binding)) {
      reply.setCookie(XSRF_COOKIE, xsrfToken(requestState.binding), {
        path: '/',
        httpOnly: false,
        sameSite: 'lax',
        secure: secureCookie(request),
      });
    }
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).headers(error.headers).send(error.body);
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.code(status).send({ message: (error as Error).message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error' });
  });

  app.get(API_PATHS.health, async (): Promise<HealthResponse> => {
    await ctx.store.query('SELECT 1 AS ok');
    return { status: 'ok', version: ctx.version, mode: config.mode, schemaVersion: ctx.schemaVersion };
  });

  app.get(API_PATHS.mode, async (): Promise<ModeResponse> => ({ mode: config.mode }));

  /**
   * The one password check for every call that takes credentials, so each of them is throttled per IP
   * and per account and none of them tells a missing login from a wrong password.
   */
  const checkCredentials = async (
    request: FastifyRequest,
    login: string,
    password: string,
  ): Promise<UserWithSecrets> => {
    const now = config.now();
    const accountKey = login.toLowerCase();
    const retryAfter = Math.max(
      ipThrottle.retryAfterSeconds(request.ip, now),
      accountThrottle.retryAfterSeconds(accountKey, now),
    );
    if (retryAfter > 0) throw throttled(retryAfter);
    const user = await users.findByLogin(login);
    const passwordOk = user ? await verifyPassword(password, user.passwordHash) : false;
    if (!user) await burnPasswordCheck(password);
    if (!user || !passwordOk || user.disabled) {
      ipThrottle.recordFailure(request.ip, now);
      accountThrottle.recordFailure(accountKey, now);
      await audit(user?.id ?? null, 'user_sign_in_failed', { login, ip: request.ip });
      throw new HttpError(401, { message: MESSAGES.wrongCredentials });
    }
    return user;
  };

  app.post(API_PATHS.signIn, async (request, reply): Promise<SignInResponse> => {
    const body = parseInput(signInRequestSchema, request.body);
    const accountKey = body.login.toLowerCase();
    const user = await checkCredentials(request, body.login, body.password);
    assertLicensed();
    accountThrottle.reset(accountKey);
    if (user.twoFactorEnabled) {
      await startSession(request, reply, user, true);
      return { status: 'need_two_factor' };
    }
    await startSession(request, reply, user, false);
    await audit(user.id, 'user_signed_in', { ip: request.ip });
    return { status: 'ok' };
  });

  app.post(API_PATHS.signInTwoFactor, async (request, reply): Promise<SignInResponse> => {
    const auth = stateOf(request).auth;
    if (auth.kind !== 'pending_two_factor') {
      throw new HttpError(401, {
        message: `${MESSAGES.authenticationRequired}: sign in with the password first`,
      });
    }
    const body = parseInput(twoFactorSignInRequestSchema, request.body);
    const now = config.now();
    const accountKey = auth.user.login.toLowerCase();
    const retryAfter = Math.max(
      ipThrottle.retryAfterSeconds(request.ip, now),
      accountThrottle.retryAfterSeconds(accountKey, now),
    );
    if (retryAfter > 0) throw throttled(retryAfter);
    const user = await users.findById(auth.user.id);
    const secret = user ? users.totpSecret(user) : null;
    const step = user && secret ? matchTotp(secret, body.code, now, user.totpLastStep) : null;
    if (!user || step === null || !(await users.useTotpStep(user.id, step))) {
      ipThrottle.recordFailure(request.ip, now);
      accountThrottle.recordFailure(accountKey, now);
      await audit(auth.user.id, 'user_two_factor_failed', { ip: request.ip });
      throw new HttpError(401, { message: 'Wrong or already used two-factor code' });
    }
    assertLicensed();
    accountThrottle.reset(accountKey);
    await startSession(request, reply, user, false);
    await audit(user.id, 'user_signed_in', { ip: request.ip, twoFactor: true });
    return { status: 'ok' };
  });

  app.post(API_PATHS.logout, async (request, reply): Promise<OkResponse> => {
    const requestState = stateOf(request);
    const auth = requestState.auth;
    if (auth.kind === 'session' || auth.kind === 'pending_two_factor') {
      await sessions.revoke(auth.session.idHash);
      await audit(auth.user.id, 'user_signed_out');
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    requestState.auth = { kind: 'none' };
    requestState.binding = requestState.anonymousId ? `a:${requestState.anonymousId}` : null;
    return { status: 'ok' };
  });

  app.get(API_PATHS.role, async (request): Promise<RoleResponse> => {
    const user = requireUser(request);
    return { id: String(user.id), role: user.role, username: user.login };
  });

  const targetUser = async (request: FastifyRequest): Promise<UserWithSecrets> => {
    const caller = requireUser(request);
    const { id } = parseInput(userIdParamsSchema, request.params);
    const targetId = Number(id);
    // Plain users may ask only about themselves; issue 7's per-kind permissions refine this for admins.
    if (caller.role === 'user' && caller.id !== targetId) {
      throw new HttpError(403, { message: MESSAGES.permissionDenied });
    }
    const target = await users.findById(targetId);
    if (!target) throw new HttpError(404, { message: `User ${id} not found` });
    return target;
  };

  app.get(API_PATHS.canCreateUsers, async (request): Promise<CanCreateUsersResponse> => {
    const target = await targetUser(request);
    return { canCreateUsers: target.role !== 'user' && target.canCreateUsers };
  });

  app.get(API_PATHS.hideProfit, async (request): Promise<HideProfitResponse> => {
    const target = await targetUser(request);
    return { hideProfit: target.hideProfit };
  });

  app.post(API_PATHS.changePassword, async (request): Promise<OkResponse> => {
    const user = requireUser(request);
    if (stateOf(request).auth.kind !== 'session')
      throw new HttpError(401, { message: MESSAGES.authenticationRequired });
    const body = parseInput(changePasswordRequestSchema, request.body);
    if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
      throw new HttpError(400, {
        message: 'The current password is wrong',
        errors: [{ message: 'The current password is wrong', detail: { field: 'currentPassword' } }],
      });
    }
    await users.setPassword(user.id, body.newPassword);
    const auth = stateOf(request).auth;
    // Other browsers signed in with the old password lose their sessions; this one stays.
    await sessions.revokeAllForUser(user.id, auth.kind === 'session' ? auth.session.idHash : undefined);
    await audit(user.id, 'user_password_changed');
    return { status: 'ok' };
  });

  const requireSessionUser = (request: FastifyRequest): UserWithSecrets => {
    const user = requireUser(request);
    // Account security changes need a real session, never a shared read-only link.
    if (stateOf(request).auth.kind !== 'session')
      throw new HttpError(401, { message: MESSAGES.authenticationRequired });
    return user;
  };

  app.get(API_PATHS.twoFactor, async (request): Promise<TwoFactorStatusResponse> => {
    const user = requireUser(request);
    return { enabled: user.twoFactorEnabled, pending: user.twoFactorPending };
  });

  app.post(API_PATHS.twoFactorEnable, async (request): Promise<TwoFactorEnableResponse> => {
    const user = requireSessionUser(request);
    if (user.twoFactorEnabled) {
      throw new HttpError(409, {
        message: 'Two-factor sign-in is already on; disable it first to change the device',
      });
    }
    const secret = generateTotpSecret();
    await users.setPendingTotpSecret(user.id, secret);
    return { secret, otpauthUri: otpauthUri(secret, user.login) };
  });

  app.post(API_PATHS.twoFactorConfirm, async (request): Promise<OkResponse> => {
    const user = requireSessionUser(request);
    const body = parseInput(twoFactorCodeRequestSchema, request.body);
    const pending = users.totpPendingSecret(user);
    if (!pending)
      throw new HttpError(409, { message: 'Start with the enable call: there is no secret to confirm' });
    const step = matchTotp(pending, body.code, config.now(), 0);
    if (step === null) {
      throw new HttpError(400, {
        message: 'Wrong two-factor code',
        errors: [{ message: 'Wrong two-factor code', detail: { field: 'code' } }],
      });
    }
    await users.confirmTotp(user.id, step);
    await audit(user.id, 'user_two_factor_enabled');
    return { status: 'ok' };
  });

  app.post(API_PATHS.twoFactorDisable, async (request): Promise<OkResponse> => {
    const user = requireSessionUser(request);
    const body = parseInput(twoFactorCodeRequestSchema, request.body);
    const secret = users.totpSecret(user);
    if (!secret) throw new HttpError(409, { message: 'Two-factor sign-in is not on' });
    const step = matchTotp(secret, body.code, config.now(), user.totpLastStep);
    if (step === null || !(await users.useTotpStep(user.id, step))) {
      throw new HttpError(400, {
        message: 'Wrong or already used two-factor code',
        errors: [{ message: 'Wrong or already used two-factor code', detail: { field: 'code' } }],
      });
    }
    await users.disableTotp(user.id);
    await audit(user.id, 'user_two_factor_disabled');
    return { status: 'ok' };
  });

  app.get(API_PATHS.authSecret, async (request): Promise<AuthSecretResponse> => {
    const user = requireUser(request);
    return { secret: users.authSecret(user) };
  });

  app.post(API_PATHS.authSecretRotate, async (request): Promise<AuthSecretResponse> => {
    const user = requireSessionUser(request);
    const secret = await users.rotateAuthSecret(user.id);
    await audit(user.id, 'user_auth_secret_rotated');
    return { secret };
  });

  const licenseStatus = (): LicenseStatusResponse => {
    const license = licenseState();
    const payload = license.state === 'valid' || license.state === 'expired' ? license.payload : null;
    return {
      trackerId: ctx.trackerId,
      state: license.state,
      plan: payload?.plan ?? null,
      expiresAt: payload?.expiresAt ?? null,
    };
  };

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

  app.get(API_PATHS.backups, async (request): Promise<BackupListResponse> => {
    requireAdmin(request);
    return {
      backups: await listBackups(config.dataDir),
      restoreCommand: 'Stop Cairn, then run: cairn rollback <backup id>',
    };
  });

  app.get(API_PATHS.updatesCheck, async (request) => {
    requireAdmin(request);
    return checkForUpdates(config.updateFeed, ctx.version);
  });

  registerPanel(app, config.panelDir);
  return app;
}

function registerPanel(app: FastifyInstance, panelDir: string): void {
  const indexFile = path.join(panelDir, 'index.html');
  const panelBuilt = fs.existsSync(indexFile);

  app.get('/', async (_request, reply) => reply.redirect('/panel/', 302));
  app.get('/panel', async (_request, reply) => reply.redirect('/panel/', 302));

  if (panelBuilt) {
    app.register(fastifyStatic, {
      root: panelDir,
      prefix: '/panel/',
      setHeaders(reply, filePath) {
        // Hashed asset names never change content; index.html must be revalidated to pick up new builds.
        const fileName = path.basename(filePath);
        reply.header(
          'cache-control',
          fileName === 'index.html'
            ? 'no-cache'
            : filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=3600',
        );
      },
    });
  } else {
    app.get('/panel/*', async (_request, reply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          `The Cairn panel is not built: ${panelDir} has no index.html. Run \`npm run build\` and restart.\n`,
        ),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = pathOf(request.url);
    const lastSegment = urlPath.slice(urlPath.lastIndexOf('/') + 1);
    // Client-side routes (no file extension) under /panel/ get the app; missing files stay 404s.
    if (
      panelBuilt &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      urlPath.startsWith('/panel/') &&
      !lastSegment.includes('.')
    ) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(fs.createReadStream(indexFile));
    }
    return reply.code(404).send({ message: `${MESSAGES.notFound}: ${request.method} ${urlPath}` });
  });
}
