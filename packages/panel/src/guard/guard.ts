import { type LicenseProblem, licenseProblemFrom, type RoleResult, type SignInResult } from '../api/calls.ts';
import { mentionsAuthenticationError } from '../http/errorText.ts';
import { signInPath } from '../routes/returnTo.ts';

export type RoleData = Extract<RoleResult, { status: 'ok' }>['data'];

export type GuardDecision =
  | { kind: 'proceed'; user?: RoleData; license?: LicenseProblem; notice?: string }
  | { kind: 'redirect'; to: string; license?: LicenseProblem; notice?: string };

/**
 * SPEC.md section 8: a 403 or AUTHENTICATION_ERROR on the role call is access denied, with the server's
 * words. A bare 401 (a proxy's, say) carries no words worth showing.
 */
export function accessDeniedNotice(role: RoleResult): string | undefined {
  if (role.status !== 'access-denied') return undefined;
  const marked = mentionsAuthenticationError(role.body) || mentionsAuthenticationError(role.message);
  if (role.httpStatus === 401 && !marked) return undefined;
  return `Access denied: ${role.message}`;
}

export interface GuardTarget {
  /** Path inside the panel with query and hash, e.g. `/offers?page=2`. */
  fullPath: string;
  isSignIn: boolean;
  /** Routes anyone may see (sign-in, not found). */
  isPublic: boolean;
  /**
   * Whether this browser holds a user signed in before (the remembered current user). Without one, a
   * missing session is a first visit or one after signing out, and needs no "Access denied"; a session
   * refused for a user (403) is said either way. Omitted: true.
   */
  wasSignedIn?: boolean;
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
    // Like a lost session, the user comes back here once a licence is in place.
    return target.isSignIn
      ? { kind: 'proceed', license }
      : { kind: 'redirect', to: signInPath(target.fullPath), license };
  }
  const notice = accessDeniedNotice(role);
  if (target.isPublic) {
    // Someone who opened the sign-in screen (or just signed out) needs no reason for not being signed in;
    // a refusal of a session that exists (403) is still worth saying there.
    const worthSaying = notice !== undefined && target.isSignIn && role.httpStatus !== 401;
    return worthSaying ? { kind: 'proceed', notice } : { kind: 'proceed' };
  }
  // A public demo lets visitors straight in: when the demo account signs in, navigation goes on.
  if (await deps.isDemoMode()) {
    const demo = await deps.signInDemo();
    if (demo.status === 'ok' && !demo.needTwoFactor) {
      const demoRole = await deps.fetchRole();
      if (demoRole.status === 'ok') return { kind: 'proceed', user: demoRole.data };
    }
  }
  const to = signInPath(target.fullPath);
  const firstVisit = target.wasSignedIn === false && role.httpStatus === 401;
  return notice && !firstVisit ? { kind: 'redirect', to, notice } : { kind: 'redirect', to };
}
