import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Mode } from '@cairn/contract';
import { passwordProblem } from './auth/passwordPolicy.ts';
import { COST_SYNC_DEFAULTS, type CostSyncConfig, costSyncOptions } from './config/costSync.ts';
import { DEFAULT_PLATFORM_URLS, type PlatformUrls, readPlatformUrls } from './config/platformUrls.ts';
import {
  ConfigError,
  configDb,
  link,
  MB,
  megabytes,
  nonEmpty,
  parseTrustProxy,
  port,
  positiveNumber,
  type TrustHops,
  timeoutMs,
  trustHops,
} from './config/values.ts';
import { parsePrivateDestinations } from './outbound/guard.ts';
import type { HelperPriority } from './threadPriority.ts';

export { ConfigError, parseTrustProxy, type TrustHops, trustHops };

export interface CairnConfig extends PlatformUrls, CostSyncConfig {
  port: number;
  host: string;
  dataDir: string;
  mode: Mode;
  /** Ed25519 public key (PEM or base64 of the raw 32 bytes); null runs the community edition. */
  licensePublicKey: string | null;
  /** A licence key installed by the operator; it takes precedence over one installed through the API. */
  licenseKey: string | null;
  adminLogin: string;
  /** Null generates a strong password on first start and prints it once. */
  adminPassword: string | null;
  /** File path or http(s) URL of the release feed; null means no feed (never an update). */
  updateFeed: string | null;
  /**
   * CIDRs outbound calls (S2S postbacks, the update feed) may reach although they are loopback, private,
   * link-local or this server's own addresses, which are otherwise refused (outbound/guard.ts). Default none.
   */
  privateDestinations: string[];
  panelDir: string;
  /** Font files an operator adds beside the panel's own, served at /panel/fonts/; null is `<dataDir>/fonts`. */
  fontsDir: string | null;
  /** The panel's demo (410) and licence messages link here (http(s)); null words them without a link. */
  linkTrial: string | null;
  linkSupport: string | null;
  linkTelegram: string | null;
  /** The provider's login page, where a tracker id is entered into a licence. */
  linkLicense: string | null;
  /** Settings > Feedback's "open a new issue" link (CAIRN_FEEDBACK_URL); null: the report is only copied. */
  feedbackUrl: string | null;
  sessionLifetimeHours: number;
  /** A session unused for this long ends, whatever its lifetime left. */
  sessionIdleMinutes: number;
  /**
   * How long a node answers a session from memory before reading the config store again. Announced changes
   * (sign-out, a disabled account, a new role) clear it at once; this bounds only unannounced ones. 0: off.
   */
  signedInCacheMs: number;
  /** Requests a minute each API key may make on one node (a token bucket: as many again in a burst). */
  apiKeyRequestsPerMinute: number;
  /**
   * Whether the embedded event store keeps its clicks once more, row by row, for postbacks to find
   * quickly (store/clicks/archive.ts): about 63 bytes a click on disk.
   */
  clickArchive: boolean;
  /**
   * Days of clicks the archive keeps before the current UTC day: postbacks for older clicks are answered
   * from the event store, more slowly. Bounds the archive's disk to the window conversions come in.
   */
  clickArchiveDays: number;
  /** Failed sign-ins of one login from all addresses within the window (bounds distributed guessing). */
  signInMaxFailuresPerAccount: number;
  /** Failed sign-ins of one login from one address: locks that address out, not the account's owner. */
  signInMaxFailuresPerAccountAndIp: number;
  signInMaxFailuresPerIp: number;
  signInThrottleWindowMinutes: number;
  /**
   * Which reverse proxies' X-Forwarded-* to believe (client IP for throttling and the audit log, https for
   * Secure cookies): false none, a number of hops in front of Cairn, or the proxies' addresses and CIDRs.
   * `true` is read as one hop, never as "everyone", which would let any client pick its own IP. A hop
   * count is the function Fastify calls per hop (Fastify itself reads a bare number as "trust none").
   */
  trustProxy: false | string[] | TrustHops;
  logLevel: string;
  /** This node's name in a many-node installation (its journal marks); null: made once per data dir. */
  nodeId: string | null;
  /** How often the click journal is moved into the event store (100 ms; 1000 with ClickHouse as event store). */
  flushIntervalMs: number;
  /**
   * Priority of the helper threads (the worker pool that inserts events and runs queries, V8's
   * concurrent garbage-collector markers), so clicks keep the CPU: `idle` (the default) puts them on
   * SCHED_IDLE, falling back to nice 19 where that cannot be set; a number is a niceness (0-19), 0
   * leaving them at the main thread's priority. Why and what each measured: threadPriority.ts.
   */
  workerNice: HelperPriority;
  /** Base64 of 32 bytes; null keeps a generated key in `<dataDir>/secret.key`. */
  secretKey: string | null;
  /**
   * `postgres://...` keeps the configuration in PostgreSQL, shared by every node; null keeps it in the
   * embedded `<dataDir>/cairn.duckdb`. A `schema` query parameter puts Cairn's tables in that schema.
   */
  configDb: string | null;
  /** Clock for sessions, TOTP, licences and throttling; tests inject a fixed one. */
  now: () => number;
  /**
   * How long a client may take to send a request's headers, and its whole request, before the server
   * answers 408 and closes the socket (a slow client would otherwise hold a socket for ever); and how
   * long an idle kept-alive socket stays open. Milliseconds; headers at most the whole request.
   */
  httpHeadersTimeoutMs: number;
  httpRequestTimeoutMs: number;
  httpKeepAliveTimeoutMs: number;
  /** Where structured logs go; defaults to stdout. */
  logDestination?: NodeJS.WritableStream;
  /** A bearer token opening /metrics to scrapers elsewhere; null: loopback only, 404 to others (a scan learns nothing). */
  metricsToken: string | null;
  /** /api/ready answers 503 once journaled events wait longer than this for the event store. */
  readyMaxLagMs: number;
  /** Where HTTPS is served (SNI, certificates from ACME); null serves none. */
  httpsPort: number | null;
  /** The ACME directory certificates come from, the account's contact, and a CA file to trust for it. */
  acmeDirectory: string;
  acmeEmail: string | null;
  acmeCaFile: string | null;
  /** Hosted lander files (landerFiles/): the largest file, the largest upload and all files together. */
  landerFileMaxBytes: number;
  landerUploadMaxBytes: number;
  landerQuotaBytes: number;
}

export type CairnOptions = Partial<Omit<CairnConfig, 'trustProxy'>> & {
  /** As in CairnConfig, and `true` or a hop count, which resolve to a TrustHops. */
  trustProxy?: boolean | number | string[] | TrustHops;
};

const serverPackageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const DEFAULT_CONFIG: CairnConfig = {
  port: 3000,
  host: '0.0.0.0',
  dataDir: './data',
  mode: 'normal',
  licensePublicKey: null,
  licenseKey: null,
  adminLogin: 'admin',
  adminPassword: null,
  updateFeed: null,
  privateDestinations: [],
  ...DEFAULT_PLATFORM_URLS,
  ...COST_SYNC_DEFAULTS,
  // Relative to this package, not the cwd, so `npm start` from anywhere finds the built panel.
  panelDir: path.resolve(serverPackageDir, '../panel/dist'),
  fontsDir: null,
  linkTrial: null,
  linkSupport: null,
  linkTelegram: null,
  linkLicense: null,
  feedbackUrl: null,
  sessionLifetimeHours: 24 * 7,
  sessionIdleMinutes: 120,
  signedInCacheMs: 5000,
  apiKeyRequestsPerMinute: 600,
  clickArchive: true,
  clickArchiveDays: 30,
  signInMaxFailuresPerAccount: 50,
  signInMaxFailuresPerAccountAndIp: 5,
  signInMaxFailuresPerIp: 20,
  signInThrottleWindowMinutes: 15,
  trustProxy: false,
  logLevel: 'info',
  nodeId: null,
  flushIntervalMs: 100,
  workerNice: 'idle',
  secretKey: null,
  configDb: null,
  httpHeadersTimeoutMs: 20_000,
  httpRequestTimeoutMs: 60_000,
  // Above the 60 s idle timeout of common load balancers, so they, not Cairn, close idle sockets.
  httpKeepAliveTimeoutMs: 72_000,
  now: () => Date.now(),
  metricsToken: null,
  readyMaxLagMs: 60_000,
  httpsPort: null,
  acmeDirectory: 'https://acme-v02.api.letsencrypt.org/directory',
  acmeEmail: null,
  acmeCaFile: null,
  landerFileMaxBytes: 10 * MB,
  landerUploadMaxBytes: 50 * MB,
  landerQuotaBytes: 500 * MB,
};

/** The flush interval when the events go to ClickHouse (CAIRN_EVENTS_DB) and none is set. */
export const CLICKHOUSE_FLUSH_INTERVAL_MS = 1000;

/** The allowed private CIDRs, each checked, or a ConfigError naming the bad one. */
export function privateDestinations(entries: readonly string[]): string[] {
  const kept = entries.map((entry) => entry.trim()).filter((entry) => entry !== '');
  try {
    parsePrivateDestinations(kept);
  } catch (error) {
    throw new ConfigError(
      `CAIRN_PRIVATE_DESTINATIONS must be IP addresses or CIDRs separated by commas (10.0.0.0/8, fd00::/8): ${(error as Error).message}`,
    );
  }
  return kept;
}

/** Every CAIRN_* variable, its parser and the config field it sets (docs/configuration.md lists them). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): CairnOptions {
  const options: CairnOptions = {};
  const read = (name: string): string | undefined => nonEmpty(env[name]);
  const v = {
    port: read('CAIRN_PORT'),
    host: read('CAIRN_HOST'),
    dataDir: read('CAIRN_DATA_DIR'),
    mode: read('CAIRN_MODE'),
    licensePublicKey: read('CAIRN_LICENSE_PUBLIC_KEY'),
    licenseKey: read('CAIRN_LICENSE_KEY'),
    adminLogin: read('CAIRN_ADMIN_LOGIN'),
    adminPassword: read('CAIRN_ADMIN_PASSWORD'),
    updateFeed: read('CAIRN_UPDATE_FEED'),
    privateDestinations: read('CAIRN_PRIVATE_DESTINATIONS'),
    panelDir: read('CAIRN_PANEL_DIR'),
    fontsDir: read('CAIRN_FONTS_DIR'),
    linkTrial: read('CAIRN_LINK_TRIAL'),
    linkSupport: read('CAIRN_LINK_SUPPORT'),
    linkTelegram: read('CAIRN_LINK_TELEGRAM'),
    linkLicense: read('CAIRN_LINK_LICENSE'),
    feedbackUrl: read('CAIRN_FEEDBACK_URL'),
    sessionLifetimeHours: read('CAIRN_SESSION_LIFETIME_HOURS'),
    sessionIdleMinutes: read('CAIRN_SESSION_IDLE_MINUTES'),
    signedInCacheMs: read('CAIRN_SIGNED_IN_CACHE_MS'),
    apiKeyRequestsPerMinute: read('CAIRN_API_KEY_REQUESTS_PER_MINUTE'),
    clickArchive: read('CAIRN_CLICK_ARCHIVE'),
    clickArchiveDays: read('CAIRN_CLICK_ARCHIVE_DAYS'),
    perAccount: read('CAIRN_SIGN_IN_MAX_FAILURES_PER_ACCOUNT'),
    perAccountAndIp: read('CAIRN_SIGN_IN_MAX_FAILURES_PER_ACCOUNT_AND_IP'),
    perIp: read('CAIRN_SIGN_IN_MAX_FAILURES_PER_IP'),
    window: read('CAIRN_SIGN_IN_THROTTLE_WINDOW_MINUTES'),
    trustProxy: read('CAIRN_TRUST_PROXY'),
    logLevel: read('CAIRN_LOG_LEVEL'),
    secretKey: read('CAIRN_SECRET_KEY'),
    configDb: read('CAIRN_CONFIG_DB'),
    nodeId: read('CAIRN_NODE_ID'),
    flushIntervalMs: read('CAIRN_FLUSH_INTERVAL_MS'),
    workerNice: read('CAIRN_WORKER_NICE'),
    metricsToken: read('CAIRN_METRICS_TOKEN'),
    readyMaxLagMs: read('CAIRN_READY_MAX_LAG_MS'),
    httpsPort: read('CAIRN_HTTPS_PORT'),
    acmeDirectory: read('CAIRN_ACME_DIRECTORY'),
    acmeEmail: read('CAIRN_ACME_EMAIL'),
    acmeCaFile: read('CAIRN_ACME_CA_FILE'),
    landerFileMaxMb: read('CAIRN_LANDER_FILE_MAX_MB'),
    landerUploadMaxMb: read('CAIRN_LANDER_UPLOAD_MAX_MB'),
    landerQuotaMb: read('CAIRN_LANDER_FILES_QUOTA_MB'),
    headersTimeout: read('CAIRN_HTTP_HEADERS_TIMEOUT_MS'),
    requestTimeout: read('CAIRN_HTTP_REQUEST_TIMEOUT_MS'),
    keepAliveTimeout: read('CAIRN_HTTP_KEEP_ALIVE_TIMEOUT_MS'),
  };
  if (v.port !== undefined) options.port = port(v.port);
  if (v.host !== undefined) options.host = v.host;
  if (v.dataDir !== undefined) options.dataDir = v.dataDir;
  if (v.mode !== undefined) {
    if (v.mode !== 'demo' && v.mode !== 'normal') {
      throw new ConfigError(`CAIRN_MODE must be "normal" or "demo", got "${v.mode}"`);
    }
    options.mode = v.mode;
  }
  if (v.licensePublicKey !== undefined) options.licensePublicKey = v.licensePublicKey;
  if (v.licenseKey !== undefined) options.licenseKey = v.licenseKey.trim();
  if (v.adminLogin !== undefined) options.adminLogin = v.adminLogin.trim();
  if (v.adminPassword !== undefined) options.adminPassword = v.adminPassword;
  if (v.updateFeed !== undefined) options.updateFeed = v.updateFeed;
  if (v.privateDestinations !== undefined) {
    options.privateDestinations = privateDestinations(v.privateDestinations.split(','));
  }
  Object.assign(options, readPlatformUrls(read));
  Object.assign(options, costSyncOptions(read));
  if (v.panelDir !== undefined) options.panelDir = v.panelDir;
  if (v.fontsDir !== undefined) options.fontsDir = v.fontsDir;
  if (v.linkTrial !== undefined) options.linkTrial = link('CAIRN_LINK_TRIAL', v.linkTrial);
  if (v.linkSupport !== undefined) options.linkSupport = link('CAIRN_LINK_SUPPORT', v.linkSupport);
  if (v.linkTelegram !== undefined) options.linkTelegram = link('CAIRN_LINK_TELEGRAM', v.linkTelegram);
  if (v.linkLicense !== undefined) options.linkLicense = link('CAIRN_LINK_LICENSE', v.linkLicense);
  if (v.feedbackUrl !== undefined) options.feedbackUrl = link('CAIRN_FEEDBACK_URL', v.feedbackUrl);
  if (v.sessionLifetimeHours !== undefined) {
    options.sessionLifetimeHours = positiveNumber('CAIRN_SESSION_LIFETIME_HOURS', v.sessionLifetimeHours);
  }
  if (v.sessionIdleMinutes !== undefined) {
    options.sessionIdleMinutes = positiveNumber('CAIRN_SESSION_IDLE_MINUTES', v.sessionIdleMinutes);
  }
  if (v.perAccount !== undefined) {
    options.signInMaxFailuresPerAccount = positiveNumber(
      'CAIRN_SIGN_IN_MAX_FAILURES_PER_ACCOUNT',
      v.perAccount,
    );
  }
  if (v.perAccountAndIp !== undefined) {
    options.signInMaxFailuresPerAccountAndIp = positiveNumber(
      'CAIRN_SIGN_IN_MAX_FAILURES_PER_ACCOUNT_AND_IP',
      v.perAccountAndIp,
    );
  }
  if (v.perIp !== undefined) {
    options.signInMaxFailuresPerIp = positiveNumber('CAIRN_SIGN_IN_MAX_FAILURES_PER_IP', v.perIp);
  }
  if (v.window !== undefined) {
    options.signInThrottleWindowMinutes = positiveNumber('CAIRN_SIGN_IN_THROTTLE_WINDOW_MINUTES', v.window);
  }
  if (v.trustProxy !== undefined) options.trustProxy = parseTrustProxy(v.trustProxy);
  if (v.logLevel !== undefined) options.logLevel = v.logLevel;
  if (v.secretKey !== undefined) options.secretKey = v.secretKey;
  if (v.configDb !== undefined) options.configDb = configDb(v.configDb);
  if (v.nodeId !== undefined) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(v.nodeId)) {
      throw new ConfigError('CAIRN_NODE_ID is 1-64 letters, digits, "-" or "_"');
    }
    options.nodeId = v.nodeId;
  }
  if (v.signedInCacheMs !== undefined) {
    const value = Number(v.signedInCacheMs);
    if (!Number.isInteger(value) || value < 0 || value > 60_000) {
      throw new ConfigError(
        `CAIRN_SIGNED_IN_CACHE_MS must be a whole number from 0 to 60000, got "${v.signedInCacheMs}"`,
      );
    }
    options.signedInCacheMs = value;
  }
  if (v.apiKeyRequestsPerMinute !== undefined) {
    const value = Number(v.apiKeyRequestsPerMinute);
    if (!Number.isInteger(value) || value < 1) {
      throw new ConfigError(
        `CAIRN_API_KEY_REQUESTS_PER_MINUTE must be a whole number of at least 1, got "${v.apiKeyRequestsPerMinute}"`,
      );
    }
    options.apiKeyRequestsPerMinute = value;
  }
  if (v.clickArchive !== undefined) {
    if (!/^(on|off)$/i.test(v.clickArchive)) {
      throw new ConfigError(`CAIRN_CLICK_ARCHIVE must be "on" or "off", got "${v.clickArchive}"`);
    }
    options.clickArchive = v.clickArchive.toLowerCase() === 'on';
  }
  if (v.clickArchiveDays !== undefined) {
    const days = Number(v.clickArchiveDays);
    if (!/^\d+$/.test(v.clickArchiveDays.trim()) || days < 1 || days > 3650) {
      throw new ConfigError(
        `CAIRN_CLICK_ARCHIVE_DAYS must be a whole number of days from 1 to 3650, got "${v.clickArchiveDays}"`,
      );
    }
    options.clickArchiveDays = days;
  }
  if (v.metricsToken !== undefined) {
    if (v.metricsToken.trim().length < 16) {
      throw new ConfigError(
        'CAIRN_METRICS_TOKEN must be at least 16 characters (it opens /metrics to anyone)',
      );
    }
    options.metricsToken = v.metricsToken.trim();
  }
  if (v.httpsPort !== undefined) options.httpsPort = port(v.httpsPort, 'CAIRN_HTTPS_PORT');
  if (v.acmeDirectory !== undefined) {
    if (!/^https?:\/\/\S+$/.test(v.acmeDirectory)) {
      throw new ConfigError(`CAIRN_ACME_DIRECTORY must be an http(s) URL, got "${v.acmeDirectory}"`);
    }
    options.acmeDirectory = v.acmeDirectory;
  }
  if (v.acmeEmail !== undefined) {
    if (!/^[^@\s]+@[^@\s]+$/.test(v.acmeEmail)) {
      throw new ConfigError(`CAIRN_ACME_EMAIL must be an email address, got "${v.acmeEmail}"`);
    }
    options.acmeEmail = v.acmeEmail;
  }
  if (v.acmeCaFile !== undefined) options.acmeCaFile = v.acmeCaFile;
  if (v.landerFileMaxMb)
    options.landerFileMaxBytes = megabytes('CAIRN_LANDER_FILE_MAX_MB', v.landerFileMaxMb);
  if (v.landerUploadMaxMb)
    options.landerUploadMaxBytes = megabytes('CAIRN_LANDER_UPLOAD_MAX_MB', v.landerUploadMaxMb);
  if (v.landerQuotaMb) options.landerQuotaBytes = megabytes('CAIRN_LANDER_FILES_QUOTA_MB', v.landerQuotaMb);
  if (v.readyMaxLagMs !== undefined) {
    options.readyMaxLagMs = positiveNumber('CAIRN_READY_MAX_LAG_MS', v.readyMaxLagMs);
  }
  if (v.flushIntervalMs !== undefined) {
    options.flushIntervalMs = positiveNumber('CAIRN_FLUSH_INTERVAL_MS', v.flushIntervalMs);
  } else if (read('CAIRN_EVENTS_DB') !== undefined) {
    // ClickHouse wants few large inserts: a part per insert, merged in the background, and too many small
    // parts slow it down or refuse inserts. A second of clicks per insert keeps it well within that.
    options.flushIntervalMs = CLICKHOUSE_FLUSH_INTERVAL_MS;
  }
  if (v.headersTimeout !== undefined) {
    options.httpHeadersTimeoutMs = timeoutMs('CAIRN_HTTP_HEADERS_TIMEOUT_MS', v.headersTimeout);
  }
  if (v.requestTimeout !== undefined) {
    options.httpRequestTimeoutMs = timeoutMs('CAIRN_HTTP_REQUEST_TIMEOUT_MS', v.requestTimeout);
  }
  if (v.keepAliveTimeout !== undefined) {
    options.httpKeepAliveTimeoutMs = timeoutMs('CAIRN_HTTP_KEEP_ALIVE_TIMEOUT_MS', v.keepAliveTimeout);
  }
  if (v.workerNice !== undefined) {
    if (v.workerNice === 'idle') options.workerNice = 'idle';
    else if (/^\d{1,2}$/.test(v.workerNice) && Number(v.workerNice) <= 19) {
      options.workerNice = Number(v.workerNice);
    } else {
      throw new ConfigError(
        `CAIRN_WORKER_NICE must be "idle" or a whole number from 0 to 19, got "${v.workerNice}"`,
      );
    }
  }
  return options;
}

export function resolveConfig(options: CairnOptions = {}): CairnConfig {
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const config = { ...DEFAULT_CONFIG, ...defined } as CairnConfig;
  config.dataDir = path.resolve(config.dataDir);
  config.panelDir = path.resolve(config.panelDir);
  if (config.fontsDir !== null) config.fontsDir = path.resolve(config.fontsDir);
  config.privateDestinations = privateDestinations(config.privateDestinations);
  const adminPasswordProblem =
    config.adminPassword === null ? null : passwordProblem(config.adminPassword, config.adminLogin);
  if (adminPasswordProblem) {
    throw new ConfigError(
      `CAIRN_ADMIN_PASSWORD is refused: ${adminPasswordProblem}. Set a stronger one, or unset it to have ` +
        'a strong password generated and printed once',
    );
  }
  if (config.httpHeadersTimeoutMs > config.httpRequestTimeoutMs) {
    throw new ConfigError(
      `CAIRN_HTTP_HEADERS_TIMEOUT_MS (${config.httpHeadersTimeoutMs}) must be at most CAIRN_HTTP_REQUEST_TIMEOUT_MS (${config.httpRequestTimeoutMs}): the headers are part of the request`,
    );
  }
  // A hop count trusts whoever connects, so it fits only a Cairn reachable through its proxies alone.
  const trust = options.trustProxy;
  if (trust === true) config.trustProxy = trustHops(1);
  else if (typeof trust === 'number') config.trustProxy = trust > 0 ? trustHops(trust) : false;
  return config;
}

export function fontsDirOf(config: CairnConfig): string {
  return config.fontsDir ?? path.join(config.dataDir, 'fonts');
}
