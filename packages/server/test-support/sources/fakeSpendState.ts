import type http from 'node:http';

// The fake spend sources' state and calls, shared by spendSources.ts and the parts of the fake in
// files of their own (googleAdsSource.ts, tiktokSource.ts, mgidSource.ts).

export interface SpendCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
  /** The body as sent (a form for Taboola's token endpoint). */
  text: string;
  authorization: string;
  headers: http.IncomingHttpHeaders;
}

export interface FakeSpendSources {
  url: string;
  /** Meta: ad account id -> campaign id -> day -> spend as Meta writes it (a decimal string). */
  meta: Map<string, Map<string, Map<string, string>>>;
  metaCurrency: string;
  /** Taboola: account id -> campaign id -> day -> site -> spent (a JSON number). */
  taboola: Map<string, Map<string, Map<string, Map<string, number>>>>;
  taboolaCurrency: string;
  /** Access tokens Taboola handed out that it no longer takes (expired). */
  taboolaExpired: Set<string>;
  /** PropellerAds: campaign id -> day -> zone id -> spent (a JSON number, USD). */
  propeller: Map<number, Map<string, Map<number, number>>>;
  /** Google Ads: customer id -> campaign id -> day -> cost_micros (int64, written as a string). */
  googleAds: Map<string, Map<string, Map<string, string>>>;
  googleCurrency: string;
  /** TikTok: advertiser id -> campaign id -> day -> spend (a decimal string). */
  tiktok: Map<string, Map<string, Map<string, string>>>;
  tiktokCurrency: string;
  /** MGID: client id -> campaign id -> day -> widget id -> spent (a JSON number; null: a row without it). */
  mgid: Map<string, Map<string, Map<string, Map<string, number | null>>>>;
  mgidCurrency: string;
  calls: SpendCall[];
  close(): Promise<void>;
}

export type Answer = (status: number, value: unknown) => http.ServerResponse;
