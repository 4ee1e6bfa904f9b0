import type { ApiClient } from './client.ts';

export type InfoLogger = Pick<Console, 'info'>;

/** The "enable logging" debug setting: every answered call is written to the console while it is on. */
export function installRequestLogging(
  client: ApiClient,
  isEnabled: () => boolean,
  logger: InfoLogger = console,
): () => void {
  return client.intercept(({ request, response }) => {
    if (!isEnabled()) return;
    const url = new URL(request.url);
    logger.info(`[cairn] ${request.method} ${url.pathname}${url.search} -> ${response.status}`);
  });
}
