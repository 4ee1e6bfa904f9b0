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

// TikTok's Events API 2.0 for web events
// (https://business-api.tiktok.com/portal/docs?id=1771100865818625): POST
// {api}/event/track/ with the `Access-Token` header and `{event_source: "web", event_source_id: <pixel
// code>, data: [{event, event_time (s), event_id, user: {ttclid, external_id, ip, user_agent},
// properties: {value, currency}}]}`. TikTok deduplicates on event_id with the event name. In `user`,
// ttclid, ip and user_agent are sent as they are; external_id (like email and phone) SHA-256 hashed,
// as the same page says.
//
// TikTok answers HTTP 200 for refusals too, `{code, message, request_id, data}` with code 0 for success
// (return codes: https://business-api.tiktok.com/portal/docs?id=1738373164380162): any other code is a
// failure here, in TikTok's words, retried like an HTTP failure (rate limits included). 40102, 40104
// and 40105 are the codes for an expired, missing and invalid or revoked access token.
//
// TikTok documents no refund, retraction or negative-value event among its supported events
// (https://business-api.tiktok.com/portal/docs?id=1771100779668482), so a chargeback is not sent to
// TikTok at all rather than as an event TikTok would count as another sale.

export const TIKTOK_DEFAULT_API_URL = 'https://business-api.tiktok.com/open_api/v1.3';
/** TikTok's codes for an expired, missing, and invalid or revoked access token. */
export const TIKTOK_TOKEN_CODES: ReadonlySet<number> = new Set([40102, 40104, 40105]);
const ANSWER_BYTES = 64 * 1024;

const root = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

/** TikTok's code and message in an answer; code null when the body was not TikTok's JSON. */
export function tiktokAnswerOf(body: string): { code: number | null; message: string } {
  try {
    const parsed = JSON.parse(body) as { code?: unknown; message?: unknown };
    return {
      code: typeof parsed.code === 'number' ? parsed.code : null,
      message: truncateText(String(parsed.message ?? 'unknown error'), 300),
    };
  } catch {
    return { code: null, message: 'the answer was not JSON' };
  }
}

/** The one event of a sale, as TikTok's `data` array takes it. */
export function tiktokEvent(event: ConversionEvent): Record<string, unknown> {
  const { click } = event;
  const user: Record<string, unknown> = { external_id: sha256(click.clickId.trim().toLowerCase()) };
  const ttclid = click.platformClickIds.ttclid;
  if (ttclid) user.ttclid = ttclid;
  if (click.ip) user.ip = click.ip;
  if (click.userAgent) user.user_agent = click.userAgent;
  return {
    event: event.eventName,
    event_time: Math.floor(event.eventTime / 1000),
    event_id: event.eventId,
    user,
    properties: { value: Number(microsToDecimal(event.valueMicros)), currency: event.currency },
  };
}

export const tiktokAdapter: IntegrationAdapter = {
  platform: 'tiktok',
  clickIdParameters: PLATFORM_CLICK_ID_PARAMETERS.tiktok,
  sendsRefunds: false,
  sendsRestatements: false,
  needsClickId: false,

  async checkConnection(http: PlatformHttp, token: string): Promise<ConnectionCheck> {
    // The token's own user record (the Marketing API's user/info): a read that needs no advertiser id,
    // which the account does not store.
    const answer = await http.outbound.request(`${root(http.baseUrl)}/user/info/`, {
      timeoutMs: http.timeoutMs,
      headers: { 'Access-Token': token, 'user-agent': 'Cairn conversions' },
      maxBodyBytes: ANSWER_BYTES,
    });
    const said = tiktokAnswerOf(answer.body);
    if (answer.status >= 200 && answer.status < 300 && said.code === 0) {
      let identity: string | null = null;
      try {
        const data = (JSON.parse(answer.body) as { data?: { display_name?: unknown; email?: unknown } }).data;
        identity = typeof data?.display_name === 'string' ? data.display_name : null;
      } catch {
        // Code 0 already says the token works.
      }
      return { ok: true, identity, error: null, tokenExpired: false };
    }
    return {
      ok: false,
      identity: null,
      error: said.code === null ? `HTTP ${answer.status}` : `${said.code}: ${said.message}`,
      tokenExpired: said.code !== null && TIKTOK_TOKEN_CODES.has(said.code),
    };
  },

  conversionRequest(
    baseUrl: string,
    destination: ConversionDestination,
    event: ConversionEvent,
  ): QueuedRequest {
    return {
      url: `${root(baseUrl)}/event/track/`,
      body: JSON.stringify({
        event_source: 'web',
        event_source_id: destination.pixelId,
        data: [tiktokEvent(event)],
      }),
    };
  },

  async send(http: PlatformHttp, token: string, request: QueuedRequest): Promise<SendAnswer> {
    const answer = await http.outbound.request(request.url, {
      method: 'POST',
      timeoutMs: http.timeoutMs,
      headers: {
        'Access-Token': token,
        'content-type': 'application/json',
        'user-agent': 'Cairn conversions',
      },
      body: request.body,
      maxBodyBytes: ANSWER_BYTES,
    });
    const said = tiktokAnswerOf(answer.body);
    const ok = answer.status >= 200 && answer.status < 300;
    if (ok && said.code === 0) return { status: answer.status, error: null };
    return {
      status: answer.status,
      error: said.code === null ? (ok ? said.message : null) : `${said.code}: ${said.message}`,
    };
  },
};
