import { createListeners, type ExternalStore } from '../stores/externalStore.ts';

export interface SignInNoticeStore extends ExternalStore<string | undefined> {
  set(message: string): void;
  clear(): void;
}

/** Why the user was sent to sign-in (other than a licence problem), shown above the form once. */
export function createSignInNoticeStore(): SignInNoticeStore {
  const listeners = createListeners();
  let current: string | undefined;
  return {
    subscribe: listeners.subscribe,
    getSnapshot: () => current,
    set(message) {
      current = message;
      listeners.emit();
    },
    clear() {
      if (current === undefined) return;
      current = undefined;
      listeners.emit();
    },
  };
}
