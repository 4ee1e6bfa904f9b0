import {
  API_PATHS,
  AUTH_QUERY_PARAM,
  type LicenseErrorBody,
  type LicenseStatusResponse,
  MESSAGES,
  SESSION_COOKIE,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@cairn/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit.ts';
import type { AppContext } from '../context.ts';
import { HttpError } from '../http.ts';
import { checkLicense, type LicenseState } from '../license.ts';
import { type ApiKeyCaller, ApiKeyThrottle, apiKeyOf, createApiKeyAuthenticator } from './apiKeyAuth.ts';
import { ApiKeyRepository } from './apiKeys.ts';
import { type Attempt, type AttemptBudget, SignInAttempts } from './attempts.ts';
import { authSecretOpens } from './authSecretRoutes.ts';
import { burnPasswordCheck, verifyPassword } from './password.ts';
import { hmac, randomToken, safeEqual, sha256 } from './secrets.ts';
import { type Session, TWO_FACTOR_WINDOW_MS } from './sessions.ts';
import { SIGNED_IN_KINDS, SignedInCache } from './signedInCache.ts';
import type { UserWithSecrets } from './users.ts';

// Read-only links opened outside the panel carry the user's auth secret instead of a session.
export type Authentication =
  | { kind: 'session'; session: Session; user: UserWithSecrets }
  | { kind: 'pending_two_factor'; session: Session; user: UserWithSecrets }
  | { kind: 'auth_secret'; user: UserWithSecrets }
  // Scripts and bots: an `Api-Key` header, with no cookies and no CSRF token.
  | ({ kind: 'api_key' } & ApiKeyCaller)
  | { kind: 'none' };

export interface RequestState {
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

/** Authentication, CSRF, licence and throttling, shared by every route module. */
export interface Guard {
  stateOf(request: FastifyRequest): RequestState;
  /** The signed-in caller (a session, an API key or a read-only auth-secret link); 401 otherwise, 402 when unlicensed. */
  requireUser(request: FastifyRequest, options?: { license?: boolean }): UserWithSecrets;
  /** As requireUser, and 403 for the plain `user` role. */
  requireAdmin(request: FastifyRequest, options?: { license?: boolean }): UserWithSecrets;
  /** As requireUser, but only a real session counts: account-security changes never ride on a shared link. */
  requireSessionUser(request: FastifyRequest): UserWithSecrets;
  assertLicensed(): void;
  licenseStatus(): LicenseStatusResponse;
  /** The one sign-in password check: throttled, 401 for a wrong login or password alike. */
  checkCredentials(request: FastifyRequest, login: string, password: string): Promise<UserWithSecrets>;
  /**
   * Reserves a guess against the account's and the IP's failure budgets (the installation's, in the
   * config store) before the guess is checked; 429 when a budget is spent. Call `succeeded()` when the guess was right and `done()` in `finally`.
   */
  beginAttempt(request: FastifyRequest, login: string, budget: AttemptBudget): Promise<Attempt>;
  /**
   * Re-authentication before an account-security change: the current password, on the sign-in's budget;
   * 400 at `currentPassword` when wrong. `more` runs inside the same attempt (e.g. a code check) and
   * throws when its part is wrong, which leaves the attempt counted as a failure.
   */
  checkCurrentPassword(
    request: FastifyRequest,
    user: UserWithSecrets,
    currentPassword: string,
    more?: () => Promise<void>,
  ): Promise<void>;
  /** A sign-in completed (password and, when on, the code): the account's failures are forgiven. */
  completedSignIn(request: FastifyRequest, login: string): Promise<void>;
  startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserWithSecrets,
    pendingTwoFactor: boolean,
  ): Promise<void>;
  endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  audit(userId: number | null, action: string, details?: Record<string, unknown>): Promise<void>;
  /** Drops expired sessions and forgotten throttle entries; run periodically. */
  sweep(): Promise<void>;
}

/** The guard and the two hooks that feed it; the api plugin installs them on its own routes only. */
export interface GuardWithHooks extends Guard {
  onRequest(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  onSend(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/** Builds the helpers routes call and the hooks the api plugin installs. */
export function createGuard(ctx: AppContext): GuardWithHooks {
  const { config, users, sessions, keys } = ctx;
  const state = new WeakMap<FastifyRequest, RequestState>();
  const attempts = new SignInAttempts(ctx.store, {
    maxFailuresPerAccount: config.signInMaxFailuresPerAccount,
    maxFailuresPerAccountAndIp: config.signInMaxFailuresPerAccountAndIp,
    maxFailuresPerIp: config.signInMaxFailuresPerIp,
    windowMs: config.signInThrottleWindowMinutes * 60 * 1000,
    now: config.now,
  });
  const sessionLifetimeMs = config.sessionLifetimeHours * 60 * 60 * 1000;
  const sessionIdleMs = config.sessionIdleMinutes * 60 * 1000;
  const signedIn = new SignedInCache(config.now, config.signedInCacheMs);
  ctx.changes.onChange((kind) => {
    if (SIGNED_IN_KINDS.includes(kind)) signedIn.clear();
  });
  const apiKeyThrottle = new ApiKeyThrottle(config.apiKeyRequestsPerMinute, config.now);
  const apiKeyCaller = createApiKeyAuthenticator(
    ctx,
    new ApiKeyRepository(ctx.store, config.now),
    apiKeyThrottle,
  );

  /** The live session of a cookie and its enabled user, from the cache or the store. */
  const sessionOf = async (token: string): Promise<{ session: Session; user: UserWithSecrets } | null> => {
    const cached = signedIn.get(sha256(token), sessionIdleMs);
    if (cached) return cached;
    const readAt = signedIn.generation;
    const session = await sessions.find(token, sessionIdleMs);
    const user = session ? await users.findById(session.userId) : null;
    if (!session || !user || user.disabled) return null;
    signedIn.set(session, user, readAt);
    return { session, user };
  };

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
    if (auth.kind !== 'session' && auth.kind !== 'auth_secret' && auth.kind !== 'api_key') {
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

  const audit = (userId: number | null, action: string, details?: Record<string, unknown>): Promise<void> =>
    recordAudit(ctx.store, config.now(), { userId, action, details });

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

  const refuseInDemo = (request: FastifyRequest): void => {
    if (SAFE_METHODS.has(request.method) || config.mode !== 'demo') return;
    // The matched route, not the raw URL: an encoded or absolute-form target names the same route.
    if (!DEMO_ALLOWED.has(request.routeOptions.url ?? '')) {
      throw new HttpError(410, { message: MESSAGES.demoUnavailable });
    }
  };

  // Who is calling, CSRF and demo-mode refusals, before any body is parsed.
  const onRequest = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const requestState: RequestState = {
      auth: { kind: 'none' },
      anonymousId: null,
      binding: null,
      xsrfFromRequest: request.cookies[XSRF_COOKIE],
    };
    state.set(request, requestState);

    // A key stands for its user on its own: browsers cannot send the header cross-site without a CORS
    // preflight this server never grants, so it needs no CSRF token, and it never rides with a session.
    const apiKey = apiKeyOf(request);
    if (apiKey !== undefined) {
      requestState.auth = { kind: 'api_key', ...(await apiKeyCaller(request, apiKey)) };
      refuseInDemo(request);
      return;
    }

    const sessionToken = request.cookies[SESSION_COOKIE];
    if (sessionToken) {
      const found = await sessionOf(sessionToken);
      if (found) {
        const { session, user } = found;
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
        // A token bound to a session that has since ended (expired, revoked, or a two-factor step left
        // too long) is refused either way; saying so as a lost session sends the panel to sign-in
        // instead of showing a CSRF error the user cannot act on.
        if (sessionToken && requestState.auth.kind === 'none') {
          reply.clearCookie(SESSION_COOKIE, { path: '/' });
          throw new HttpError(401, { message: `${MESSAGES.authenticationRequired}: the session has ended` });
        }
        throw new HttpError(403, { message: MESSAGES.csrf });
      }
      refuseInDemo(request);
      return;
    }

    const query = request.query as Record<string, unknown> | undefined;
    const authSecret = query?.[AUTH_QUERY_PARAM];
    if (
      requestState.auth.kind === 'none' &&
      typeof authSecret === 'string' &&
      authSecret.length > 0 &&
      authSecretOpens(request.routeOptions.url)
    ) {
      const user = await users.findByAuthSecret(authSecret);
      if (user && !user.disabled) requestState.auth = { kind: 'auth_secret', user };
    }
  };

  // Every API response leaves the browser holding an XSRF token valid for its current session (or, before
  // sign-in, for an anonymous HttpOnly cookie): this is how the sign-in form gets its token, from
  // GET /api/mode or any other call it makes first.
  const onSend = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    // API answers are per-user and often sensitive: no cache (shared or browser) may keep them.
    reply.header('cache-control', 'no-store');
    reply.header('x-content-type-options', 'nosniff');
    const requestState = state.get(request);
    // A script with a key keeps no cookies: it is sent none.
    if (!requestState || requestState.auth.kind === 'api_key') return;
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
  };

  const requireSessionUser = (request: FastifyRequest): UserWithSecrets => {
    const user = requireUser(request);
    // Account security changes need a real session, never a shared read-only link.
    if (stateOf(request).auth.kind !== 'session')
      throw new HttpError(401, { message: MESSAGES.authenticationRequired });
    return user;
  };

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

  const beginAttempt = (request: FastifyRequest, login: string, budget: AttemptBudget): Promise<Attempt> =>
    attempts.begin(request.ip, login, budget);

  /**
   * The one password check for every call that takes credentials, so each of them is throttled per IP
   * and per account and none of them tells a missing login from a wrong password.
   */
  const checkCredentials = async (
    request: FastifyRequest,
    login: string,
    password: string,
  ): Promise<UserWithSecrets> => {
    const attempt = await beginAttempt(request, login, 'password');
    try {
      const user = await users.findByLogin(login);
      const passwordOk = user ? await verifyPassword(password, user.passwordHash) : false;
      if (!user) await burnPasswordCheck(password);
      if (!user || !passwordOk || user.disabled) {
        await audit(user?.id ?? null, 'user_sign_in_failed', { login, ip: request.ip });
        throw new HttpError(401, { message: MESSAGES.wrongCredentials });
      }
      await attempt.succeeded();
      return user;
    } finally {
      attempt.done();
    }
  };

  const checkCurrentPassword = async (
    request: FastifyRequest,
    user: UserWithSecrets,
    currentPassword: string,
    more?: () => Promise<void>,
  ): Promise<void> => {
    const attempt = await beginAttempt(request, user.login, 'password');
    try {
      if (!(await verifyPassword(currentPassword, user.passwordHash))) {
        await audit(user.id, 'user_reauthentication_failed', { ip: request.ip });
        const message = 'The current password is wrong';
        throw new HttpError(400, { message, errors: [{ message, detail: { field: 'currentPassword' } }] });
      }
      await more?.();
      await attempt.succeeded();
    } finally {
      attempt.done();
    }
  };

  const endSession = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const requestState = stateOf(request);
    const auth = requestState.auth;
    if (auth.kind === 'session' || auth.kind === 'pending_two_factor') {
      await sessions.revoke(auth.session.idHash);
      await audit(auth.user.id, 'user_signed_out');
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    requestState.auth = { kind: 'none' };
    requestState.binding = requestState.anonymousId ? `a:${requestState.anonymousId}` : null;
  };

  return {
    onRequest,
    onSend,
    stateOf,
    requireUser,
    requireAdmin,
    requireSessionUser,
    assertLicensed,
    licenseStatus,
    checkCredentials,
    beginAttempt,
    checkCurrentPassword,
    completedSignIn: (request, login) => attempts.completed(login, request.ip),
    startSession,
    endSession,
    audit,
    async sweep() {
      await attempts.sweep();
      await sessions.purgeExpired(sessionIdleMs);
      apiKeyThrottle.sweep();
    },
  };
}
