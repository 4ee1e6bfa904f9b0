import { describe, expect, it, vi } from 'vitest';
import type { RoleResult, SignInResult } from '../api/calls.ts';
import { type GuardDeps, type GuardTarget, runGuard } from './guard.ts';

const admin = { id: '1', role: 'super_admin' as const, username: 'admin' };
const ok: RoleResult = { status: 'ok', data: admin, httpStatus: 200 };
const noSession: RoleResult = {
  status: 'access-denied',
  message: 'AUTHENTICATION_ERROR: sign in required',
  httpStatus: 401,
};
const expired: RoleResult = {
  status: 'license-expired',
  message: 'License expired',
  httpStatus: 402,
  body: { error: 'License expired', trackerId: 'TR-1', message: 'License expired' },
};
const demoOk: SignInResult = { status: 'ok', message: '', needTwoFactor: false };

function deps(roles: RoleResult[], options: { demo?: boolean; demoSignIn?: SignInResult } = {}) {
  const queue = [...roles];
  return {
    fetchRole: vi.fn(async () => queue.shift() ?? noSession),
    isDemoMode: vi.fn(async () => options.demo ?? false),
    signInDemo: vi.fn(async () => options.demoSignIn ?? demoOk),
  } satisfies GuardDeps;
}

const protectedPage: GuardTarget = { fullPath: '/offers?page=2', isSignIn: false, isPublic: false };
const signInPage: GuardTarget = { fullPath: '/login', isSignIn: true, isPublic: true };

describe('route guard', () => {
  it('lets a signed-in user through with the role data', async () => {
    await expect(runGuard(protectedPage, deps([ok]))).resolves.toEqual({ kind: 'proceed', user: admin });
  });

  it('sends a signed-in user on the sign-in route to campaigns', async () => {
    await expect(runGuard(signInPage, deps([ok]))).resolves.toEqual({ kind: 'redirect', to: '/campaigns' });
  });

  it('sends an expired licence to sign-in with the licence error, keeping where the user was', async () => {
    await expect(runGuard(protectedPage, deps([expired]))).resolves.toEqual({
      kind: 'redirect',
      to: '/login?returnTo=%2Foffers%3Fpage%3D2',
      license: { error: 'License expired', trackerId: 'TR-1' },
    });
  });

  it('shows the licence error on the sign-in route itself', async () => {
    await expect(runGuard(signInPage, deps([expired]))).resolves.toEqual({
      kind: 'proceed',
      license: { error: 'License expired', trackerId: 'TR-1' },
    });
  });

  it('sends a 401 carrying AUTHENTICATION_ERROR to sign-in with returnTo and the server message', async () => {
    const guardDeps = deps([noSession]);
    await expect(runGuard(protectedPage, guardDeps)).resolves.toEqual({
      kind: 'redirect',
      to: '/login?returnTo=%2Foffers%3Fpage%3D2',
      notice: 'Access denied: AUTHENTICATION_ERROR: sign in required',
    });
    expect(guardDeps.signInDemo).not.toHaveBeenCalled();
  });

  it('gives no reason for a bare 401 without the marker', async () => {
    const bare: RoleResult = { status: 'access-denied', message: 'Unauthorized', httpStatus: 401 };
    await expect(runGuard(protectedPage, deps([bare]))).resolves.toEqual({
      kind: 'redirect',
      to: '/login?returnTo=%2Foffers%3Fpage%3D2',
    });
  });

  it('leaves returnTo out for the root', async () => {
    await expect(
      runGuard({ fullPath: '/', isSignIn: false, isPublic: false }, deps([noSession])),
    ).resolves.toMatchObject({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('sends a 403 on the role call to sign-in as access denied, with the server message', async () => {
    const forbidden: RoleResult = {
      status: 'access-denied',
      message: 'This account is disabled',
      httpStatus: 403,
    };
    await expect(runGuard(protectedPage, deps([forbidden]))).resolves.toEqual({
      kind: 'redirect',
      to: '/login?returnTo=%2Foffers%3Fpage%3D2',
      notice: 'Access denied: This account is disabled',
    });
    await expect(runGuard(signInPage, deps([forbidden]))).resolves.toEqual({
      kind: 'proceed',
      notice: 'Access denied: This account is disabled',
    });
  });

  it('treats AUTHENTICATION_ERROR in a role body as access denied too', async () => {
    const marked: RoleResult = {
      status: 'access-denied',
      message: 'AUTHENTICATION_ERROR: expired',
      httpStatus: 200,
    };
    await expect(runGuard(protectedPage, deps([marked]))).resolves.toMatchObject({
      notice: 'Access denied: AUTHENTICATION_ERROR: expired',
    });
  });

  it('sends a server error on the role call to sign-in without a notice', async () => {
    const broken: RoleResult = { status: 'server-error', message: 'Boom', httpStatus: 500 };
    await expect(runGuard(protectedPage, deps([broken]))).resolves.toEqual({
      kind: 'redirect',
      to: '/login?returnTo=%2Foffers%3Fpage%3D2',
    });
  });

  it('lets anyone see public routes', async () => {
    await expect(runGuard(signInPage, deps([noSession]))).resolves.toEqual({ kind: 'proceed' });
    await expect(
      runGuard({ fullPath: '/404', isSignIn: false, isPublic: true }, deps([noSession])),
    ).resolves.toEqual({ kind: 'proceed' });
  });

  it('proceeds in demo mode when the demo account signs in', async () => {
    const guardDeps = deps([noSession, ok], { demo: true });
    await expect(runGuard(protectedPage, guardDeps)).resolves.toEqual({ kind: 'proceed', user: admin });
    expect(guardDeps.signInDemo).toHaveBeenCalledOnce();
  });

  it('goes to sign-in in demo mode when the demo sign-in fails', async () => {
    const failed: SignInResult = {
      status: 'access-denied',
      message: 'Wrong username or password',
      needTwoFactor: false,
    };
    const guardDeps = deps([noSession], { demo: true, demoSignIn: failed });
    await expect(runGuard(protectedPage, guardDeps)).resolves.toMatchObject({ kind: 'redirect' });
  });
});
