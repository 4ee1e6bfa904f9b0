import { fetchCanCreateUsers, fetchHideProfit } from '../api/calls.ts';
import type { RoleData } from '../guard/guard.ts';
import {
  canCreateUsersOrDefault,
  hideProfitOrDefault,
  panelRole,
  usernamePlaceholder,
} from '../stores/currentUser.ts';
import type { AppServices } from './services.ts';

/**
 * Keeps the stored current user in step with the role call, then asks for the two per-user flags.
 * Returns the flag loading so callers (tests) can wait for it; navigation does not.
 */
export function rememberUser(services: AppServices, user: RoleData, loadFlags: boolean): Promise<void> {
  const role = panelRole(user.role);
  if (!role) return Promise.resolve();
  const previous = services.currentUser.getSnapshot();
  const sameUser = previous?.id === user.id;
  // The cached link secret is the previous user's (a session lost and another sign-in in this tab).
  if (previous && !sameUser) services.authSecret.clear();
  services.currentUser.set({
    id: user.id,
    username: user.username || usernamePlaceholder,
    role,
    canCreateUsers: sameUser ? previous.canCreateUsers : canCreateUsersOrDefault(role, undefined),
    isHideProfit: sameUser ? previous.isHideProfit : hideProfitOrDefault(undefined),
  });
  if (!loadFlags) return Promise.resolve();
  return Promise.all([
    fetchCanCreateUsers(services.client, user.id),
    fetchHideProfit(services.client, user.id),
  ]).then(([canCreateUsers, hideProfit]) => {
    if (services.currentUser.getSnapshot()?.id !== user.id) return;
    services.currentUser.update({
      canCreateUsers: canCreateUsersOrDefault(role, canCreateUsers),
      isHideProfit: hideProfitOrDefault(hideProfit),
    });
  });
}
