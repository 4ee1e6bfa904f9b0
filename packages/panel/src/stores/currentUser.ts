import { createListeners, type ExternalStore } from './externalStore.ts';
import { isRecord, type Logger, readJson, removeKey, storedShape, writeJson } from './storage.ts';

/** Bumped when the stored shape changes; a stored user of another version is ignored. */
export const currentUserDataVersion = '20.05.25';
export const currentUserStorageKey = 'cairn.currentUser';
export const usernamePlaceholder = 'User';

export const panelRoles = ['admin', 'super-admin', 'user'] as const;
export type PanelRole = (typeof panelRoles)[number];

export interface CurrentUser {
  id: string;
  username: string;
  role: PanelRole;
  canCreateUsers: boolean;
  isHideProfit: boolean;
}

/** The user's fields (any others dropped), or undefined when one is missing or not of its type. */
export function currentUserFrom(value: unknown): CurrentUser | undefined {
  if (!isRecord(value)) return undefined;
  const { id, username, role, canCreateUsers, isHideProfit } = value;
  const known = typeof role === 'string' && (panelRoles as readonly string[]).includes(role);
  if (typeof id !== 'string' || typeof username !== 'string' || !known) return undefined;
  if (typeof canCreateUsers !== 'boolean' || typeof isHideProfit !== 'boolean') return undefined;
  return { id, username, role: role as PanelRole, canCreateUsers, isHideProfit };
}

function validUser(value: unknown): CurrentUser {
  const user = currentUserFrom(value);
  if (!user) throw new TypeError('Not a current user');
  return user;
}

const storedCurrentUser = storedShape((stored) =>
  isRecord(stored) && stored.version === currentUserDataVersion ? currentUserFrom(stored.data) : undefined,
);

/** The server says `super_admin`; the panel's vocabulary is `super-admin`. */
export function panelRole(serverRole: string): PanelRole | undefined {
  if (serverRole === 'super_admin' || serverRole === 'super-admin') return 'super-admin';
  if (serverRole === 'admin' || serverRole === 'user') return serverRole;
  return undefined;
}

/** If the can-create-users call fails, anyone above a plain user is assumed able to (SPEC.md section 6). */
export function canCreateUsersOrDefault(role: PanelRole, fromServer: boolean | undefined): boolean {
  return fromServer ?? role !== 'user';
}

export function hideProfitOrDefault(fromServer: boolean | undefined): boolean {
  return fromServer ?? false;
}

export interface CurrentUserStore extends ExternalStore<CurrentUser | undefined> {
  set(user: CurrentUser): void;
  update(changes: Partial<CurrentUser>): void;
  clear(): void;
}

export function createCurrentUserStore(storage: Storage, logger: Logger = console): CurrentUserStore {
  const listeners = createListeners();
  let current = readJson(storage, currentUserStorageKey, storedCurrentUser, logger);
  const save = (next: CurrentUser | undefined) => {
    current = next;
    if (next)
      writeJson(storage, currentUserStorageKey, { version: currentUserDataVersion, data: next }, logger);
    else removeKey(storage, currentUserStorageKey);
    listeners.emit();
  };
  return {
    subscribe: listeners.subscribe,
    getSnapshot: () => current,
    set: (user) => save(validUser(user)),
    update(changes) {
      if (current) save(validUser({ ...current, ...changes }));
    },
    clear: () => save(undefined),
  };
}
