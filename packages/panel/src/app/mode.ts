import { API_PATHS, type Mode } from '@cairn/contract';
import { responseSchema } from '../api/responseSchema.ts';
import type { ApiClient, CallResult } from '../http/client.ts';
import { configurePanelLinks, type PanelLinks } from '../http/config.ts';
import { modeQueryKey } from './queries.ts';

export interface ModeInfo {
  mode: Mode;
  /** The operator's pages the demo and licence messages link to (CAIRN_LINK_* on the server). */
  links: PanelLinks;
}

/**
 * The mode call as the panel makes it at start and on the sign-in screen: the mode, and the message
 * links, which it also puts in force for the messages the client words (the 410 toast).
 */
export async function fetchModeInfo(client: ApiClient): Promise<CallResult<ModeInfo>> {
  // Read loosely, like the guard's mode call: any mode but demo is normal (SPEC.md section 3), and
  // links that do not parse are no links rather than a failed call.
  const result = await client.get(API_PATHS.mode, { schema: responseSchema('modeInfoSchema') });
  if (result.status !== 'ok') return result;
  const { trial, support, telegram, licenseLogin, feedback } = result.data.links ?? {};
  const links: PanelLinks = Object.fromEntries(
    Object.entries({ trial, support, telegram, providerLogin: licenseLogin, feedback }).filter(
      ([, value]) => value,
    ),
  );
  configurePanelLinks(links);
  return { ...result, data: { mode: result.data.mode === 'demo' ? 'demo' : 'normal', links } };
}

/** Kept for the session once it succeeded (the server's mode and links change only with a restart). */
export const modeInfoQuery = (client: ApiClient) => ({
  queryKey: modeQueryKey,
  queryFn: () => fetchModeInfo(client),
  staleTime: (query: { state: { data?: CallResult<ModeInfo> | undefined } }) =>
    query.state.data?.status === 'ok' ? Number.POSITIVE_INFINITY : 0,
});
