import { API_PATHS } from '@cairn/contract';
import { type LicenseProblem, licenseProblemFrom } from '../api/calls.ts';
import type { ApiClient } from '../http/client.ts';
import { messageForResponse } from '../http/client.ts';
import { mentionsAuthenticationError } from '../http/errorText.ts';
import { demoUnavailableStatus, gatewayTimeoutStatus } from '../http/messages.ts';
import { signInPath } from '../routes/returnTo.ts';

export interface SessionRuleDeps {
  /** Navigates inside the panel (paths relative to /panel). */
  navigate(to: string): void;
  /** The current panel path with query and hash, for returnTo. */
  currentPath(): string;
  /** Asks the server whether the session is still alive (and leaves the sign-in screen its reason if not). */
  recheckSession(): Promise<boolean>;
  showLicenseError(problem: LicenseProblem): void;
  toastError(message: string): void;
}

// Sign-in answers 401 for a wrong password and 402 for a licence problem and shows both itself; logout
// is exempt by the spec; the role call is the re-check itself and is judged by the route guard.
const exemptPaths = new Set<string>([
  API_PATHS.signIn,
  API_PATHS.signInTwoFactor,
  API_PATHS.logout,
  API_PATHS.role,
]);

function isSignInPath(path: string): boolean {
  return path === '/login' || path.startsWith('/login?') || path.startsWith('/login#');
}

/**
 * The client-wide rules of SPEC.md section 4: session loss re-checks the session and sends the user to
 * sign-in with returnTo, a 402 anywhere shows the licence error on sign-in, and the demo (410) and
 * gateway-timeout (504) messages are raised as toasts wherever they happen. Returns the uninstall.
 */
export function installSessionRules(client: ApiClient, deps: SessionRuleDeps): () => void {
  let recheck: Promise<boolean> | undefined;

  return client.intercept(async ({ request, response, body }) => {
    const path = new URL(request.url).pathname;
    const exempt = exemptPaths.has(path);

    if (response.status === demoUnavailableStatus || response.status === gatewayTimeoutStatus) {
      deps.toastError(messageForResponse(response.status, body));
      return;
    }

    if (response.status === 402 && !exempt) {
      deps.showLicenseError(licenseProblemFrom(body));
      // As for a lost session: once a licence is in place, sign-in brings the user back here.
      const here = deps.currentPath();
      if (!isSignInPath(here)) deps.navigate(signInPath(here));
      return;
    }

    const sessionLost = response.status === 401 || mentionsAuthenticationError(body);
    if (!sessionLost || exempt) return;
    // Many calls fail together when a session expires; one re-check serves them all.
    recheck ??= deps.recheckSession().finally(() => {
      recheck = undefined;
    });
    const alive = await recheck;
    const here = deps.currentPath();
    if (!alive && !isSignInPath(here)) deps.navigate(signInPath(here));
  });
}
