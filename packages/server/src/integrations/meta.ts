import { microsToDecimal, PLATFORM_CLICK_ID_PARAMETERS, truncateText } from '@cairn/contract';
import { sha256 } from '../auth/secrets.ts';
import type {
  ConnectionCheck,
  ConversionDestination,
  ConversionEvent,
  IntegrationAdapter,
  PlatformHttp,
  QueuedRequest,
  SendAnswer,
} from './adapter.ts';

// Meta's Conversions API. Request format, per
// https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/ :
// POST {graph}/{pixel_id}/events with `data: [{event_name, event_time (s), event_id, action_source,
// user_data, custom_data: {value, currency}}]` and `access_token`. In user_data, fbc, client_ip_address
// and client_user_agent are sent as they are ("do not hash"); country must be SHA-256 hashed (lower
// case) and external_id should be. fbc is `fb.1.<ms the click happened>.<fbclid>`
// (https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/fbp-and-fbc/).
// event_id with event_name is what Meta deduplicates on, so each conversion has one fixed id.
//
// Meta documents no way to retract a Conversions API event. A chargeback is sent as a custom event,
// "Refund", with the sale's value negated and an event id of its own, as trackers that sync refunds do;
// custom events are documented at
// https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/server-event/#event-name .
//
// Graph API errors answer `{error: {message, type, code, error_subcode}}`; code 190 is an access token
// that is invalid, expired or revoked
// (https://developers.facebook.com/docs/graph-api/guides/error-handling/). Rate limits (codes 4, 17, 32,
// 613) and invalid parameters (100) answer 4xx, so the outbox keeps the event and retries it later.
//
// event_source_url is not sent: the click keeps only its referrer's domain, not the page's URL, and a
// conversion reported by postback happens on the offer's site, whose URL Cairn never sees.

export const META_DEFAULT_GRAPH_URL = 'https://graph.facebook.com/v25.0';
export const META_REFUND_EVENT = 'Refund';
const TOKEN_EXPIRED_CODE = 190;
const ANSWER_BYTES = 64 * 1024;

interface GraphError {
  message: string;
  code: number | null;
}

function graphErrorOf(body: string): GraphError | null {
  try {
    const parsed = JSON.parse(body) as {
      error?: { message?: unknown; code?: unknown; error_user_msg?: unknown };
    };
    if (!parsed.error || typeof parsed.error !== 'object') return null;
    // An invalid parameter's message is generic; the user message names the parameter.
    const detail = typeof parsed.error.error_user_msg === 'string' ? `: ${parsed.error.error_user_msg}` : '';
    return {
      message: truncateText(`${String(parsed.error.message ?? 'unknown error')}${detail}`, 300),
      code: typeof parsed.error.code === 'number' ? parsed.error.code : null,
    };
  } catch {
    return null;
  }
}

const hashed = (value: string): string => sha256(value.trim().toLowerCase());
const root = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

/** Meta's click id cookie value for a click that carried `fbclid`. */
export function fbcOf(clickTime: number, fbclid: string): string {
  return `fb.1.${clickTime}.${fbclid}`;
}

/** The one event of a conversion or refund, as Meta's `data` array takes it. */
export function metaEvent(event: ConversionEvent): Record<string, unknown> {
  const { click } = event;
  const userData: Record<string, unknown> = {
    external_id: [hashed(click.clickId)],
  };
  const fbclid = click.platformClickIds.fbclid;
  if (fbclid) userData.fbc = fbcOf(click.clickTime, fbclid);
  if (click.ip) userData.client_ip_address = click.ip;
  if (click.userAgent) userData.client_user_agent = click.userAgent;
  if (/^[A-Za-z]{2}$/.test(click.country)) userData.country = [hashed(click.country)];
  return {
    event_name: event.kind === 'refund' ? META_REFUND_EVENT : event.eventName,
    event_time: Math.floor(event.eventTime / 1000),
    event_id: event.eventId,
    action_source: 'website',
    user_data: userData,
    custom_data: { value: Number(microsToDecimal(event.valueMicros)), currency: event.currency },
  };
}

export const metaAdapter: IntegrationAdapter = {
  platform: 'meta',
  clickIdParameters: PLATFORM_CLICK_ID_PARAMETERS.meta,
  sendsRefunds: true,
  sendsRestatements: false,
  needsClickId: false,

  async checkConnection(http: PlatformHttp, token: string): Promise<ConnectionCheck> {
    const url = `${root(http.baseUrl)}/me?fields=id,name&access_token=${encodeURIComponent(token)}`;
    const answer = await http.outbound.get(url, { timeoutMs: http.timeoutMs, maxBodyBytes: ANSWER_BYTES });
    if (answer.status >= 200 && answer.status < 300) {
      let identity: string | null = null;
      try {
        const me = JSON.parse(answer.body) as { name?: unknown; id?: unknown };
        identity = typeof me.name === 'string' ? me.name : typeof me.id === 'string' ? me.id : null;
      } catch {
        // An answer without a body still says the token works.
      }
      return { ok: true, identity, error: null, tokenExpired: false };
    }
    const error = graphErrorOf(answer.body);
    return {
      ok: false,
      identity: null,
      error: error?.message ?? `HTTP ${answer.status}`,
      tokenExpired: error?.code === TOKEN_EXPIRED_CODE,
    };
  },

  conversionRequest(
    baseUrl: string,
    destination: ConversionDestination,
    event: ConversionEvent,
  ): QueuedRequest {
    return {
      url: `${root(baseUrl)}/${encodeURIComponent(destination.pixelId)}/events`,
      body: JSON.stringify({ data: [metaEvent(event)] }),
    };
  },

  async send(http: PlatformHttp, token: string, request: QueuedRequest): Promise<SendAnswer> {
    const payload = { ...(JSON.parse(request.body) as Record<string, unknown>), access_token: token };
    const answer = await http.outbound.request(request.url, {
      method: 'POST',
      timeoutMs: http.timeoutMs,
      headers: { 'content-type': 'application/json', 'user-agent': 'Cairn conversions' },
      body: JSON.stringify(payload),
      maxBodyBytes: ANSWER_BYTES,
    });
    const ok = answer.status >= 200 && answer.status < 300;
    return { status: answer.status, error: ok ? null : (graphErrorOf(answer.body)?.message ?? null) };
  },
};
