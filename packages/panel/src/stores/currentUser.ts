import { z } from 'zod';
import { createListeners, type ExternalStore } from './externalStore.ts';
import { type Logger, readJson, removeKey, writeJson } from './storage.ts';

/** Bumped when the stored shape changes; a stored user of another version is ignored. */
export const currentUserDataVersion = '20.05.25';
export const currentUserStorageKey = 'cairn.currentUser';
export const usernamePlaceholder = 'User';

export const panelRoles = ['admin', 'super-admin', 'user'] as const;
export type PanelRole = (typeof panelRoles)[number];

export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(panelRoles),
  canCreateUsers: z.boolean(),
  isHideProfit: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

const storedCurrentUserSchema = z.object({
  version: z.literal(currentUserDataVersion),
  data: currentUserSchema,
});

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
  let current = readJson(storage, currentUserStorageKey, storedCurrentUserSchema, logger)?.data;
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
    set: (user) => save(currentUserSchema.parse(user)),
    update(changes) {
      if (current) save(currentUserSchema.parse({ ...current, ...changes }));
    },
    clear: () => save(undefined),
  };
}
