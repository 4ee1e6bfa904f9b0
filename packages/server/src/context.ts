import type { Logger } from 'pino';
import type { Keys } from './auth/secrets.ts';
import type { SessionRepository } from './auth/sessions.ts';
import type { UserRepository } from './auth/users.ts';
import type { LiveBackupDeps } from './backup/take.ts';
import type { BetaFlags } from './beta/flags.ts';
import type { CairnConfig } from './config.ts';
import type { EntityChanges } from './entities/changes.ts';
import type { RecentErrors } from './logger.ts';
import type { CairnMetrics } from './metrics/registry.ts';
import type { OutboundGuard } from './outbound/guard.ts';
import type { ConfigStore } from './store/config/port.ts';
import type { EventStore } from './store/events/port.ts';
import type { TlsService } from './tls/service.ts';
import type { TrackingRuntime } from './tracking/runtime.ts';

/** What route modules share: configuration, the store and the repositories built on it. */
export interface AppContext {
  config: CairnConfig;
  store: ConfigStore;
  /** Clicks, lander clicks and conversions; reports read it. */
  events: EventStore;
  /** The click engine of this node: routing table, enrichment, journal. */
  tracking: TrackingRuntime;
  /** What /metrics exposes; the app's response hook observes report latency into it. */
  metrics: CairnMetrics;
  /** Announces entity writes; the routing table recompiles what they touch. */
  changes: EntityChanges;
  keys: Keys;
  trackerId: string;
  version: string;
  schemaVersion: number;
  users: UserRepository;
  sessions: SessionRepository;
  logger: Logger;
  /** The last errors the logger wrote (the diagnostics bundle shows them). */
  recentErrors: RecentErrors;
  /** Every outbound HTTP call (S2S postbacks, the update feed, integrations) goes through it. */
  outbound: OutboundGuard;
  /** The key installed through the API (kept in settings); CAIRN_LICENSE_KEY is the other candidate. */
  installedLicenseKey: string | null;
  /** Settings > Beta's switches as this node holds them; read through isBetaEnabled. */
  beta: BetaFlags;
  /** Certificates for the tracking domains, HTTPS by SNI and the HTTP-to-HTTPS redirects. */
  tls: TlsService;
  /** What a whole-installation backup is taken from (the stores, the journal, the data dir). */
  backup: LiveBackupDeps;
  /** What `cairn backup` on this machine sends to ask this server for a backup (see backup/routes.ts). */
  controlToken: string;
}
