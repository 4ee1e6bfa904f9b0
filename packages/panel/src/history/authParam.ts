import { AUTH_QUERY_PARAM } from '@cairn/contract';

export const authQueryParam = AUTH_QUERY_PARAM;

/**
 * Puts the auth value into the address (`?auth=...`) so a copied link opens outside the panel,
 * replacing the current history entry rather than adding one.
 */
export function writeAuthToAddress(value: string, history: History = window.history): void {
  const url = new URL(window.location.href);
  url.searchParams.set(authQueryParam, value);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

export function removeAuthFromAddress(history: History = window.history): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(authQueryParam)) return;
  url.searchParams.delete(authQueryParam);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
