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

// Google Ads click conversions, over the API's REST interface
// (https://developers.google.com/google-ads/api/rest/overview), JSON in lowerCamelCase:
//
// - A sale: POST {api}/customers/{customer_id}:uploadClickConversions with `conversions: [{gclid | gbraid
//   | wbraid, conversionAction, conversionDateTime, conversionValue, currencyCode, orderId}]` and
//   `partialFailure: true`, which Google asks always to be set
//   (https://developers.google.com/google-ads/api/reference/rpc/latest/UploadClickConversionsRequest).
//   conversionDateTime is "yyyy-mm-dd hh:mm:ss+|-hh:mm"; orderId is the event id, so a repeat upload is
//   refused as a duplicate and a retraction can find the sale
//   (https://developers.google.com/google-ads/api/docs/conversions/upload-clicks).
// - A chargeback: POST {api}/customers/{customer_id}:uploadConversionAdjustments with
//   `conversionAdjustments: [{conversionAction, adjustmentType: RETRACTION, adjustmentDateTime, orderId}]`;
//   a retraction "negates a conversion so that its total value and count are both zero"
//   (https://developers.google.com/google-ads/api/docs/conversions/upload-adjustments; fields:
//   https://developers.google.com/google-ads/api/reference/rpc/v22/ConversionAdjustment).
// - A new value for a sale (a partial refund, a corrected payout): the same call with adjustmentType
//   RESTATEMENT and `restatementValue: {adjustedValue, currencyCode}`, the value after the change, not the
//   difference; a second restatement needs a later adjustmentDateTime or Google drops it as a duplicate
//   (https://developers.google.com/google-ads/api/reference/rpc/v26/RestatementValue).
// - With partial failure on, an operation Google refuses still answers 200, with `partialFailureError`
//   ({code, message, details}) beside the results; that is a failure here, in Google's words
//   (https://developers.google.com/google-ads/api/docs/best-practices/partial-failures).
// - Every call carries `Authorization: Bearer <access token>`, `developer-token` and, when access goes
//   through a manager account, `login-customer-id` (https://developers.google.com/google-ads/api/rest/auth).
//   The access token comes from the OAuth token endpoint for the stored refresh token
//   (https://developers.google.com/identity/protocols/oauth2/web-server#offline), is kept until shortly
//   before it expires, and is fetched again once when Google answers 401 UNAUTHENTICATED.
// - Errors answer `{error: {code, message, status, details: [{errors: [{errorCode, message}]}]}}`
//   (https://developers.google.com/google-ads/api/docs/best-practices/error-types).

export const GOOGLE_ADS_DEFAULT_API_URL = 'https://googleads.googleapis.com/v26';
export const GOOGLE_OAUTH_DEFAULT_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const ANSWER_BYTES = 256 * 1024;
/** Fetch a new access token this long before Google says the current one expires. */
const EXPIRY_MARGIN_MS = 60_000;

/** Google Ads credentials as sealed in the account (customer ids as ten digits). */
export interface GoogleAdsSecret {
  developerToken: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  customerId: string;
  loginCustomerId?: string;
}

/** The ten digits of a customer id Google shows as 123-456-7890. */
export const customerDigits = (value: string): string => value.replace(/-/g, '');

export function secretOf(credentials: string): GoogleAdsSecret {
  return JSON.parse(credentials) as GoogleAdsSecret;
}

const root = (baseUrl: string) => baseUrl.replace(/\/+$/, '');
const pad = (value: number) => String(value).padStart(2, '0');

/** Google's conversion date time, "yyyy-mm-dd hh:mm:ss+00:00", told in UTC. */
export function googleDateTime(ms: number): string {
  const at = new Date(ms);
  return (
    `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())} ` +
    `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}+00:00`
  );
}

/** Google's words in an error answer: the status message and the first Google Ads error's message. */
export function googleErrorOf(body: string): { message: string; status: string | null } | null {
  try {
    const parsed = JSON.parse(body) as {
      error?: {
        message?: unknown;
        status?: unknown;
        details?: { errors?: { message?: unknown }[] }[];
      };
      error_description?: unknown;
    };
    if (parsed.error && typeof parsed.error === 'object') {
      const detail = parsed.error.details?.[0]?.errors?.[0]?.message;
      const message = [parsed.error.message, detail].filter((one) => typeof one === 'string').join(': ');
      return {
        message: truncateText(message || 'unknown error', 300),
        status: typeof parsed.error.status === 'string' ? parsed.error.status : null,
      };
    }
    return null;
  } catch {
    return null;
  }
}

/** The message of a 200 answer's partial failure, or null when every operation went through. */
export function partialFailureOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { partialFailureError?: { code?: unknown; message?: unknown } };
    const failure = parsed.partialFailureError;
    if (!failure || typeof failure !== 'object') return null;
    if (!failure.code && !failure.message) return null;
    return truncateText(String(failure.message ?? `code ${String(failure.code)}`), 300);
  } catch {
    return 'the answer was not JSON';
  }
}

/** The customer a conversion action belongs to: "customers/1234567890/conversionActions/1" -> its id. */
function customerOfAction(conversionAction: string): string {
  return /^customers\/(\d+)\//.exec(conversionAction)?.[1] ?? '';
}

/** The upload of a sale, or the retraction of one, as Google's REST interface takes it. */
export function googleRequestBody(
  destination: ConversionDestination,
  event: ConversionEvent,
): Record<string, unknown> {
  const conversionAction = destination.pixelId;
  if (event.kind !== 'conversion') {
    const adjustment: Record<string, unknown> = {
      conversionAction,
      adjustmentType: event.kind === 'refund' ? 'RETRACTION' : 'RESTATEMENT',
      adjustmentDateTime: googleDateTime(event.eventTime),
      orderId: event.saleEventId,
    };
    if (event.kind === 'restatement') {
      adjustment.restatementValue = {
        adjustedValue: Number(microsToDecimal(event.valueMicros)),
        currencyCode: event.currency,
      };
    }
    return { conversionAdjustments: [adjustment], partialFailure: true };
  }
  const conversion: Record<string, unknown> = {};
  // One click id per conversion: Google takes exactly one of gclid, gbraid and wbraid.
  for (const parameter of PLATFORM_CLICK_ID_PARAMETERS.google_ads) {
    const value = event.click.platformClickIds[parameter];
    if (value) {
      conversion[parameter] = value;
      break;
    }
  }
  Object.assign(conversion, {
    conversionAction,
    conversionDateTime: googleDateTime(event.eventTime),
    conversionValue: Number(microsToDecimal(event.valueMicros)),
    currencyCode: event.currency,
    orderId: event.eventId,
  });
  return { conversions: [conversion], partialFailure: true };
}

interface CachedToken {
  accessToken: string;
  expiresAt: number;
}

/** Access tokens by token endpoint, client and refresh token, so each account fetches one per hour. */
const accessTokens = new Map<string, CachedToken>();

/** The refresh token could not be exchanged: Google's words, and whether only a new grant helps. */
export class OAuthFailed extends Error {
  override name = 'OAuthFailed';
  readonly status: number;
  /** Google said the refresh token expired or was revoked (invalid_grant). */
  readonly expired: boolean;
  constructor(status: number, message: string, expired: boolean) {
    super(message);
    this.status = status;
    this.expired = expired;
  }
}

async function accessTokenOf(http: PlatformHttp, secret: GoogleAdsSecret, fresh: boolean): Promise<string> {
  const key = `${http.oauthTokenUrl}\n${secret.clientId}\n${sha256(secret.refreshToken)}`;
  const cached = accessTokens.get(key);
  if (!fresh && cached && cached.expiresAt > Date.now()) return cached.accessToken;
  const answer = await http.outbound.request(http.oauthTokenUrl, {
    method: 'POST',
    timeoutMs: http.timeoutMs,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Cairn conversions' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: secret.clientId,
      client_secret: secret.clientSecret,
      refresh_token: secret.refreshToken,
    }).toString(),
    maxBodyBytes: ANSWER_BYTES,
  });
  let parsed: { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown };
  try {
    parsed = JSON.parse(answer.body) as typeof parsed;
  } catch {
    parsed = {};
  }
  if (answer.status < 200 || answer.status >= 300 || typeof parsed.access_token !== 'string') {
    const code = typeof parsed.error === 'string' ? parsed.error : `HTTP ${answer.status}`;
    const words = typeof parsed.error_description === 'string' ? `: ${parsed.error_description}` : '';
    throw new OAuthFailed(
      answer.status >= 200 && answer.status < 300 ? 502 : answer.status,
      truncateText(`OAuth token refresh failed, ${code}${words}`, 300),
      code === 'invalid_grant',
    );
  }
  const lifetimeMs = (typeof parsed.expires_in === 'number' ? parsed.expires_in : 3600) * 1000;
  accessTokens.set(key, {
    accessToken: parsed.access_token,
    expiresAt: Date.now() + lifetimeMs - EXPIRY_MARGIN_MS,
  });
  return parsed.access_token;
}

/**
 * Calls the API with a valid access token, fetching a new one once when Google says it is not; rejects
 * with OAuthFailed when the refresh token is refused. Cost sync (costSync/googleAds.ts) reads reports
 * through it too, with room for a larger answer.
 */
export async function callGoogle(
  http: PlatformHttp,
  secret: GoogleAdsSecret,
  url: string,
  method: 'GET' | 'POST',
  body?: string,
  maxBodyBytes = ANSWER_BYTES,
): Promise<{ status: number; body: string }> {
  const attempt = async (fresh: boolean) => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await accessTokenOf(http, secret, fresh)}`,
      'developer-token': secret.developerToken,
      'user-agent': 'Cairn conversions',
    };
    if (secret.loginCustomerId) headers['login-customer-id'] = customerDigits(secret.loginCustomerId);
    if (body !== undefined) headers['content-type'] = 'application/json';
    return http.outbound.request(url, {
      method,
      timeoutMs: http.timeoutMs,
      headers,
      ...(body === undefined ? {} : { body }),
      maxBodyBytes,
    });
  };
  const first = await attempt(false);
  if (first.status !== 401) return first;
  return attempt(true);
}

export const googleAdsAdapter: IntegrationAdapter = {
  platform: 'google_ads',
  clickIdParameters: PLATFORM_CLICK_ID_PARAMETERS.google_ads,
  sendsRefunds: true,
  sendsRestatements: true,
  // Google matches a click conversion by its gclid, gbraid or wbraid only.
  needsClickId: true,

  async checkConnection(http: PlatformHttp, credentials: string): Promise<ConnectionCheck> {
    const secret = secretOf(credentials);
    const customer = `customers/${customerDigits(secret.customerId)}`;
    let answer: { status: number; body: string };
    try {
      answer = await callGoogle(
        http,
        secret,
        `${root(http.baseUrl)}/customers:listAccessibleCustomers`,
        'GET',
      );
    } catch (failure) {
      if (!(failure instanceof OAuthFailed)) throw failure;
      return { ok: false, identity: null, error: failure.message, tokenExpired: failure.expired };
    }
    if (answer.status >= 200 && answer.status < 300) {
      let names: string[] = [];
      try {
        const listed = JSON.parse(answer.body) as { resourceNames?: unknown };
        if (Array.isArray(listed.resourceNames)) names = listed.resourceNames.map(String);
      } catch {
        // A 200 still says the credentials work.
      }
      // Through a manager account the customer is reached without being directly accessible.
      if (names.includes(customer) || secret.loginCustomerId) {
        return { ok: true, identity: customer, error: null, tokenExpired: false };
      }
      return {
        ok: false,
        identity: null,
        error: `${customer} is not among the customers these credentials reach (${names.join(', ') || 'none'})`,
        tokenExpired: false,
      };
    }
    const error = googleErrorOf(answer.body);
    return {
      ok: false,
      identity: null,
      error: error?.message ?? `HTTP ${answer.status}`,
      tokenExpired: answer.status === 401,
    };
  },

  conversionRequest(
    baseUrl: string,
    destination: ConversionDestination,
    event: ConversionEvent,
  ): QueuedRequest {
    const method = event.kind === 'conversion' ? 'uploadClickConversions' : 'uploadConversionAdjustments';
    return {
      url: `${root(baseUrl)}/customers/${customerOfAction(destination.pixelId)}:${method}`,
      body: JSON.stringify(googleRequestBody(destination, event)),
    };
  },

  async send(http: PlatformHttp, credentials: string, request: QueuedRequest): Promise<SendAnswer> {
    let answer: { status: number; body: string };
    try {
      answer = await callGoogle(http, secretOf(credentials), request.url, 'POST', request.body);
    } catch (failure) {
      if (!(failure instanceof OAuthFailed)) throw failure;
      return { status: failure.status, error: failure.message };
    }
    if (answer.status >= 200 && answer.status < 300) {
      const partial = partialFailureOf(answer.body);
      return { status: answer.status, error: partial === null ? null : `partial failure: ${partial}` };
    }
    return { status: answer.status, error: googleErrorOf(answer.body)?.message ?? null };
  },
};
