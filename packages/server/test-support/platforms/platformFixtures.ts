// Answers of the ad platforms' APIs as their documentation shows them, for the fakes the adapters are
// tested against. Each sits beside the page it follows; ids and messages are the documents' shapes
// with this suite's values.

// --- Meta Graph API (https://developers.facebook.com/docs/graph-api/guides/error-handling/) ---

/** Events accepted (https://developers.facebook.com/docs/marketing-api/conversions-api/using-the-api/). */
export const META_EVENTS_RECEIVED = { events_received: 1, messages: [], fbtrace_id: 'AbCdEfGh' };

/**
 * Rate limits: code 4 (application), 17 (user), 32 (page) and 613 (custom), answered with HTTP 400 or
 * 403 (https://developers.facebook.com/docs/graph-api/overview/rate-limiting/).
 */
export const metaRateLimited = (code: 4 | 17 | 32 | 613) => ({
  error: {
    message:
      code === 4
        ? '(#4) Application request limit reached'
        : code === 17
          ? '(#17) User request limit reached'
          : code === 32
            ? '(#32) Page request limit reached'
            : '(#613) Calls to this api have exceeded the rate limit.',
    type: 'OAuthException',
    is_transient: true,
    code,
    fbtrace_id: 'RateLimited1',
  },
});

/** An invalid parameter (code 100) in an event, with Meta's user-facing detail. */
export const META_INVALID_PARAMETER = {
  error: {
    message: 'Invalid parameter',
    type: 'OAuthException',
    code: 100,
    error_subcode: 2804019,
    is_transient: false,
    error_user_title: 'Server Side Api Parameter Error',
    error_user_msg: 'The parameter currency is invalid: it must be a 3 letter ISO 4217 code.',
    fbtrace_id: 'Invalid1',
  },
};

// --- Google OAuth 2.0 (https://developers.google.com/identity/protocols/oauth2/web-server#offline) ---

export const googleAccessToken = (token: string) => ({
  access_token: token,
  expires_in: 3599,
  scope: 'https://www.googleapis.com/auth/adwords',
  token_type: 'Bearer',
});

/** A revoked or expired refresh token (https://developers.google.com/identity/protocols/oauth2#expiration). */
export const GOOGLE_INVALID_GRANT = {
  error: 'invalid_grant',
  error_description: 'Token has been expired or revoked.',
};

// --- Google Ads API (https://developers.google.com/google-ads/api/rest/overview) ---

/** customers:listAccessibleCustomers (https://developers.google.com/google-ads/api/reference/rpc/latest/CustomerService). */
export const googleAccessibleCustomers = (...ids: string[]) => ({
  resourceNames: ids.map((id) => `customers/${id}`),
});

/**
 * uploadClickConversions accepted: one result per conversion, echoing it
 * (https://developers.google.com/google-ads/api/reference/rpc/latest/UploadClickConversionsResponse).
 */
export const googleUploaded = (conversion: Record<string, unknown>) => ({
  results: [
    {
      gclid: conversion.gclid,
      conversionAction: conversion.conversionAction,
      conversionDateTime: conversion.conversionDateTime,
    },
  ],
  jobId: '8123456789',
});

/** uploadConversionAdjustments accepted (https://developers.google.com/google-ads/api/reference/rpc/latest/UploadConversionAdjustmentsResponse). */
export const googleAdjusted = (adjustment: Record<string, unknown>) => ({
  results: [
    {
      conversionAction: adjustment.conversionAction,
      adjustmentDateTime: adjustment.adjustmentDateTime,
      adjustmentType: adjustment.adjustmentType,
      orderId: adjustment.orderId,
    },
  ],
  jobId: '8123456790',
});

/**
 * A 200 with a partial failure: the operation's result is empty and partialFailureError says why
 * (https://developers.google.com/google-ads/api/docs/best-practices/partial-failures).
 */
export const GOOGLE_PARTIAL_FAILURE = {
  partialFailureError: {
    code: 3,
    message:
      'The click associated with the given identifier or iOS URL parameter occurred less than 6 hours ago, please retry after 6 hours have passed., at conversions[0].gclid',
    details: [
      {
        '@type': 'type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure',
        errors: [
          {
            errorCode: { conversionUploadError: 'TOO_RECENT_CLICK' },
            message:
              'The click associated with the given identifier or iOS URL parameter occurred less than 6 hours ago, please retry after 6 hours have passed.',
            location: { fieldPathElements: [{ fieldName: 'conversions', index: 0 }, { fieldName: 'gclid' }] },
          },
        ],
      },
    ],
  },
  results: [{}],
  jobId: '8123456791',
};

/** An expired access token (https://developers.google.com/google-ads/api/docs/best-practices/error-types). */
export const GOOGLE_UNAUTHENTICATED = {
  error: {
    code: 401,
    message:
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    status: 'UNAUTHENTICATED',
  },
};

/** Too many requests (https://developers.google.com/google-ads/api/docs/best-practices/quotas). */
export const GOOGLE_RESOURCE_EXHAUSTED = {
  error: {
    code: 429,
    message: 'Resource has been exhausted (e.g. check quota).',
    status: 'RESOURCE_EXHAUSTED',
    details: [
      {
        '@type': 'type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure',
        errors: [
          {
            errorCode: { quotaError: 'RESOURCE_EXHAUSTED' },
            message: 'Too many requests. Retry in 30 seconds.',
          },
        ],
      },
    ],
  },
};

// --- TikTok Business API (https://business-api.tiktok.com/portal/docs?id=1771100865818625) ---

/** Every answer is `{code, message, request_id, data}`; code 0 is success. */
export const TIKTOK_OK = { code: 0, message: 'OK', request_id: '2026120710000001', data: {} };

/** Return codes (https://business-api.tiktok.com/portal/docs?id=1738373164380162). */
export const TIKTOK_TOKEN_EXPIRED = {
  code: 40105,
  message: 'Access token is incorrect or has been revoked.',
  request_id: '2026120710000002',
  data: {},
};
export const TIKTOK_TOO_MANY_REQUESTS = {
  code: 40100,
  message: 'Too many requests. Please retry in some time.',
  request_id: '2026120710000003',
  data: {},
};
export const TIKTOK_INVALID_PARAMETER = {
  code: 40002,
  message: 'data[0].properties.currency: Invalid currency.',
  request_id: '2026120710000004',
  data: {},
};

export const tiktokUser = (displayName: string) => ({
  ...TIKTOK_OK,
  data: { display_name: displayName, email: 'ada@example.com', core_user_id: '7000000000000000001' },
});
