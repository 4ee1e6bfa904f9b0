import {
  API_PATHS,
  type AuthSecretResponse,
  authSecretRotateRequestSchema,
  type CanCreateUsersResponse,
  changePasswordRequestSchema,
  entityIdParamsSchema,
  type HideProfitResponse,
  MESSAGES,
  type OkResponse,
  type RoleResponse,
  type SignInResponse,
  signInRequestSchema,
  type TwoFactorEnableResponse,
  type TwoFactorStatusResponse,
  twoFactorCodeRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorSignInRequestSchema,
} from '@cairn/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { passwordProblem } from '../auth/passwordPolicy.ts';
import { generateTotpSecret, matchTotp, otpauthUri } from '../auth/totp.ts';
import type { UserWithSecrets } from '../auth/users.ts';
import type { FeatureOptions } from '../feature.ts';
import { HttpError, parseInput, validationError } from '../http.ts';
import { columnRoutes } from './columns.ts';

/** Sign-in, sign-out and the signed-in user's own account: role, flags, password, two-factor, auth secret. */
export async function accountPlugin(app: FastifyInstance, { ctx, guard }: FeatureOptions): Promise<void> {
  const { config, users, sessions } = ctx;
  const { audit, requireUser, requireSessionUser, stateOf } = guard;
  columnRoutes(app, { ctx, guard });

  app.post(API_PATHS.signIn, async (request, reply): Promise<SignInResponse> => {
    const body = parseInput(signInRequestSchema, request.body);
    const user = await guard.checkCredentials(request, body.login, body.password);
    guard.assertLicensed();
    // A right password alone forgives nothing before the second factor: code guesses keep their budget.
    if (user.twoFactorEnabled) {
      await guard.startSession(request, reply, user, true);
      return { status: 'need_two_factor' };
    }
    await guard.completedSignIn(request, user.login);
    await guard.startSession(request, reply, user, false);
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
    // Codes are guessable in a million tries: each is reserved against the account's code budget, which a
    // right password does not refill.
    const attempt = await guard.beginAttempt(request, auth.user.login, 'two_factor');
    let user: UserWithSecrets | null;
    try {
      user = await users.findById(auth.user.id);
      const secret = user ? users.totpSecret(user) : null;
      const step = user && secret ? matchTotp(secret, body.code, config.now(), user.totpLastStep) : null;
      if (!user || step === null || !(await users.useTotpStep(user.id, step))) {
        await audit(auth.user.id, 'user_two_factor_failed', { ip: request.ip });
        throw new HttpError(401, { message: 'Wrong or already used two-factor code' });
      }
      await attempt.succeeded();
    } finally {
      attempt.done();
    }
    guard.assertLicensed();
    await guard.completedSignIn(request, user.login);
    await guard.startSession(request, reply, user, false);
    await audit(user.id, 'user_signed_in', { ip: request.ip, twoFactor: true });
    return { status: 'ok' };
  });

  app.post(API_PATHS.logout, async (request, reply): Promise<OkResponse> => {
    await guard.endSession(request, reply);
    return { status: 'ok' };
  });

  app.get(API_PATHS.role, async (request): Promise<RoleResponse> => {
    const user = requireUser(request);
    return { id: String(user.id), role: user.role, username: user.login };
  });

  const targetUser = async (request: FastifyRequest): Promise<UserWithSecrets> => {
    const caller = requireUser(request);
    const { id: targetId } = parseInput(entityIdParamsSchema, request.params);
    // Plain users may ask only about themselves; per-kind permissions do not widen this: it is about the user record.
    if (caller.role === 'user' && caller.id !== targetId) {
      throw new HttpError(403, { message: MESSAGES.permissionDenied });
    }
    const target = await users.findById(targetId);
    if (!target) throw new HttpError(404, { message: `User ${targetId} not found` });
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
    const user = requireSessionUser(request);
    const body = parseInput(changePasswordRequestSchema, request.body);
    const problem = passwordProblem(body.newPassword, user.login);
    if (problem) throw validationError([{ message: problem, detail: { field: 'newPassword' } }]);
    await guard.checkCurrentPassword(request, user, body.currentPassword);
    await users.setPassword(user.id, body.newPassword);
    const auth = stateOf(request).auth;
    // Other browsers signed in with the old password lose their sessions; this one stays.
    await sessions.revokeAllForUser(user.id, auth.kind === 'session' ? auth.session.idHash : undefined);
    await audit(user.id, 'user_password_changed');
    return { status: 'ok' };
  });

  app.get(API_PATHS.twoFactor, async (request): Promise<TwoFactorStatusResponse> => {
    const user = requireUser(request);
    return { enabled: user.twoFactorEnabled, pending: user.twoFactorPending };
  });

  app.post(API_PATHS.twoFactorEnable, async (request): Promise<TwoFactorEnableResponse> => {
    const user = requireSessionUser(request);
    const body = parseInput(twoFactorEnableRequestSchema, request.body);
    await guard.checkCurrentPassword(request, user, body.currentPassword);
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
    const body = parseInput(twoFactorDisableRequestSchema, request.body);
    const secret = users.totpSecret(user);
    if (!secret) throw new HttpError(409, { message: 'Two-factor sign-in is not on' });
    // The password and the code are one attempt: a wrong code spends the sign-in's budget too.
    await guard.checkCurrentPassword(request, user, body.currentPassword, async () => {
      const step = matchTotp(secret, body.code, config.now(), user.totpLastStep);
      if (step === null || !(await users.useTotpStep(user.id, step))) {
        throw new HttpError(400, {
          message: 'Wrong or already used two-factor code',
          errors: [{ message: 'Wrong or already used two-factor code', detail: { field: 'code' } }],
        });
      }
    });
    await users.disableTotp(user.id);
    await audit(user.id, 'user_two_factor_disabled');
    return { status: 'ok' };
  });

  app.get(API_PATHS.authSecret, async (request): Promise<AuthSecretResponse> => {
    // Not to an API key: the secret opens read-only links that would outlive the key's revocation.
    const user = requireSessionUser(request);
    return { secret: users.authSecret(user) };
  });

  app.post(API_PATHS.authSecretRotate, async (request): Promise<AuthSecretResponse> => {
    const user = requireSessionUser(request);
    const body = parseInput(authSecretRotateRequestSchema, request.body);
    await guard.checkCurrentPassword(request, user, body.currentPassword);
    const secret = await users.rotateAuthSecret(user.id);
    await audit(user.id, 'user_auth_secret_rotated');
    return { secret };
  });
}
