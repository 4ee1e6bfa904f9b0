import { type LicenseProblem, licenseProblemFrom, type RoleResult, type SignInResult } from '../api/calls.ts';
import { signInPath } from '../routes/returnTo.ts';

export type RoleData = Extract<RoleResult, { status: 'ok' }>['data'];

export type GuardDecision =
  | { kind: 'proceed'; user?: RoleData; license?: LicenseProblem; notice?: string }
  | { kind: 'redirect'; to: string; license?: LicenseProblem; notice?: string };

/** SPEC.md section 8: a 403 or AUTHENTICATION_ERROR on the role call is access denied, with the server's words. */
export function accessDeniedNotice(role: RoleResult): string | undefined {
  if (role.status !== 'access-denied' || role.httpStatus === 401) return undefined;
  return `Access denied: ${role.message}`;
}

export interface GuardTarget {
  /** Path inside the panel with query and hash, e.g. `/offers?page=2`. */
  fullPath: string;
  isSignIn: boolean;
  /** Routes anyone may see (sign-in, not found). */
  isPublic: boolean;
}

export interface GuardDeps {
  fetchRole(): Promise<RoleResult>;
  isDemoMode(): Promise<boolean>;
  signInDemo(): Promise<SignInResult>;
}

export const signedInLandingPath = '/campaigns';

/** The route guard of SPEC.md section 4: the role call before each route decides where it goes. */
export async function runGuard(target: GuardTarget, deps: GuardDeps): Promise<GuardDecision> {
  const role = await deps.fetchRole();
  if (role.status === 'ok') {
    return target.isSignIn
      ? { kind: 'redirect', to: signedInLandingPath }
      : { kind: 'proceed', user: role.data };
  }
  if (role.status === 'license-expired') {
    const license = licenseProblemFrom(role.body);
    return target.isSignIn ? { kind: 'proceed', license } : { kind: 'redirect', to: '/login', license };
  }
  // A plain 401 is just "not signed in"; anything else that refused access is worth saying.
  const notice = accessDeniedNotice(role);
  if (target.isPublic) return notice && target.isSignIn ? { kind: 'proceed', notice } : { kind: 'proceed' };
  // A public demo lets visitors straight in: when the demo account signs in, navigation goes on.
  if (await deps.isDemoMode()) {
    const demo = await deps.signInDemo();
    if (demo.status === 'ok' && !demo.needTwoFactor) {
      const demoRole = await deps.fetchRole();
      if (demoRole.status === 'ok') return { kind: 'proceed', user: demoRole.data };
    }
  }
  const to = signInPath(target.fullPath);
  return notice ? { kind: 'redirect', to, notice } : { kind: 'redirect', to };
}
