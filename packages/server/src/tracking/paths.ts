import {
  CLICK_PARAMS,
  DEFAULT_URL_CUSTOMIZATION,
  networkPostbackUrl,
  POSTBACK_PARAMS,
  TRACKING_PATHS,
  type UrlCustomization,
} from '@cairn/contract';
import { pathOf } from '../http.ts';

// The public endpoints' paths (Settings > URL customization). The server's handlers and routes stay on the
// default paths; a renamed path is turned into its default one as a request arrives, so both answer
// and links already handed out keep working, while every link the tracker hands out uses the new one.

export class TrackingPaths {
  readonly click: string;
  readonly postback: string;
  readonly conversionPixel: string;
  /** The double meta refresh's second hop, on the click path. */
  readonly hop: string;
  /** Renamed path -> the default path it stands for; empty while nothing is renamed. */
  private readonly aliases = new Map<string, string>();

  constructor(settings: UrlCustomization = DEFAULT_URL_CUSTOMIZATION) {
    this.click = settings.clickPath;
    this.postback = settings.postbackPath;
    this.conversionPixel = settings.conversionPixelPath;
    this.hop = `${settings.clickPath}${TRACKING_PATHS.hop.slice(TRACKING_PATHS.click.length)}`;
    const renamed: [string, string][] = [
      [this.click, TRACKING_PATHS.click],
      [this.hop, TRACKING_PATHS.hop],
      [this.postback, TRACKING_PATHS.postback],
      [this.conversionPixel, TRACKING_PATHS.conversionPixel],
    ];
    for (const [path, standsFor] of renamed) if (path !== standsFor) this.aliases.set(path, standsFor);
  }

  /** A request URL with a renamed path put back to the default one; any other URL as it came. */
  rewrite(url: string): string {
    // Every click pays for this call: with nothing renamed it is one comparison.
    if (this.aliases.size === 0) return url;
    const path = pathOf(url);
    const standsFor = this.aliases.get(path);
    return standsFor === undefined ? url : standsFor + url.slice(path.length);
  }
}

export const DEFAULT_TRACKING_PATHS = new TrackingPaths();

/** The placeholders of a generic postback URL, for a network without a form of its own yet. */
const GENERIC_PLACEHOLDERS = {
  clickId: '{clickid}',
  payout: '{payout}',
  status: '{status}',
  txid: '{txid}',
  currency: null,
};

export interface TrackingLinks {
  clickUrl: string;
  lpClickUrl: string;
  postbackUrl: string;
  conversionPixelUrl: string;
}

/**
 * The links an operator pastes into sources and networks, on `base` (`https://trk.example`): one builder
 * for Settings > Tracking links and the start banner, so both show what the endpoints accept.
 */
export function trackingLinks(
  base: string,
  paths: Pick<TrackingPaths, 'click' | 'postback' | 'conversionPixel'>,
  postbackKey: string,
): TrackingLinks {
  const key = `${POSTBACK_PARAMS.key[0]}=${postbackKey}`;
  return {
    clickUrl: `${base}${paths.click}?${CLICK_PARAMS.key}={campaign_key}`,
    lpClickUrl: `${base}${paths.click}?${CLICK_PARAMS.lp}=1`,
    postbackUrl: networkPostbackUrl(base, paths.postback, GENERIC_PLACEHOLDERS, postbackKey),
    conversionPixelUrl: `${base}${paths.conversionPixel}?clickid={clickid}&${key}`,
  };
}
