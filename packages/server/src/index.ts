import { DEMO_ACCOUNT } from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp, type RegisteredRoute } from './app.ts';
import { generatePassword } from './auth/password.ts';
import { SessionRepository } from './auth/sessions.ts';
import { UserRepository } from './auth/users.ts';
import { createControlToken, writeControlFile } from './backup/routes.ts';
import { startBackupJob } from './backup/schedule.ts';
import type { LiveBackupDeps } from './backup/take.ts';
import { BetaFlags } from './beta/flags.ts';
import { type ChangeBroadcast, startChangeBroadcast } from './cluster/changes.ts';
import { type Heartbeat, startHeartbeat } from './cluster/heartbeat.ts';
import { type CairnConfig, type CairnOptions, ConfigError, resolveConfig } from './config.ts';
import { EntityChanges } from './entities/changes.ts';
import { startGeoSync } from './geo/shared.ts';
import { parsePublicKey } from './license.ts';
import { createLogger, RecentErrors } from './logger.ts';
import { type CairnMetrics, createMetrics } from './metrics/registry.ts';
import { nodeFigures } from './monitor/nodeFigures.ts';
import { OutboundGuard } from './outbound/guard.ts';
import { logProcessErrors } from './processErrors.ts';
import { startRetentionJob } from './retention/job.ts';
import { CAIRN_VERSION, openData, openEventStore } from './runtime.ts';
import { SETTING_LICENSE_KEY } from './settings/keys.ts';
import { getSetting } from './settings/store.ts';
import { schemaVersion } from './store/config/migrate.ts';
import type { ConfigStore } from './store/config/port.ts';
import { PostgresConfigStore } from './store/config/postgres.ts';
import type { EventStore } from './store/events/port.ts';
import { lowerBackgroundThreadPriority } from './threadPriority.ts';
import { closeServer, listenHttps } from './tls/httpsServer.ts';
import { TlsService } from './tls/service.ts';
import { startTracking, type TrackingRuntime } from './tracking/runtime.ts';

export { totpCode } from './auth/totp.ts';
export { type CairnConfig, type CairnOptions, DEFAULT_CONFIG, loadConfig, resolveConfig } from './config.ts';
export { generateLicenseKeyPair, signLicense } from './license.ts';
export { CAIRN_VERSION } from './runtime.ts';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface FirstSignIn {
  login: string;
  /** Null when the operator set CAIRN_ADMIN_PASSWORD: it is theirs and never printed. */
  generatedPassword: string | null;
}

export interface RunningCairn {
  url: string;
  /** The port HTTPS is served on (the one picked when CAIRN_HTTPS_PORT is 0); null: none. */
  httpsPort: number | null;
  app: FastifyInstance;
  /** Every registered route (method and URL pattern). */
  routes: RegisteredRoute[];
  config: CairnConfig;
  trackerId: string;
  /** Set on the start that created the super-admin; the CLI prints it once. */
  firstSignIn: FirstSignIn | null;
  users: UserRepository;
  /** The config store, for tests and tools that need to arrange data the API cannot (yet) change. */
  store: ConfigStore;
  events: EventStore;
  /** The entity change signal (what the routing table follows). */
  changes: EntityChanges;
  tracking: TrackingRuntime;
  /** Certificates and HTTPS (tests run its renewal check at will). */
  tls: TlsService;
  close(): Promise<void>;
}

export async function startCairn(options: CairnOptions = {}): Promise<RunningCairn> {
  const config = resolveConfig(options);
  if (config.licensePublicKey) {
    // A bad key would otherwise surface as a 500 on every authenticated call.
    try {
      parsePublicKey(config.licensePublicKey);
    } catch (error) {
      throw new ConfigError(`CAIRN_LICENSE_PUBLIC_KEY is not usable: ${(error as Error).message}`);
    }
  }
  const recentErrors = new RecentErrors();
  const logger = createLogger(config.logLevel, config.logDestination, recentErrors);
  const outbound = new OutboundGuard({ privateDestinations: config.privateDestinations });
  const data = await openData(config, `the Cairn server (port ${config.port})`);
  if (data.restored) {
    logger.warn(
      { restored: data.restored.restored, keptAs: data.restored.replacedBy },
      'restored the backup staged from the panel; the installation it replaced is kept as a backup',
    );
  }
  // Set once the tracking runtime exists; a connection failure before that is only logged.
  let metrics: CairnMetrics | null = null;
  const stopLoggingProcessErrors = logProcessErrors(logger);
  if (data.store instanceof PostgresConfigStore) {
    data.store.onError = (error) => {
      metrics?.countConfigStoreError();
      logger.error({ err: error }, 'config database connection failed');
    };
  }
  let events: EventStore | null = null;
  let tracking: TrackingRuntime | null = null;
  let broadcast: ChangeBroadcast | null = null;
  let heartbeat: Heartbeat | null = null;
  let tls: TlsService | null = null;
  let stopGeoSync: (() => void) | null = null;
  try {
    events = await openEventStore(config);
    const changes = new EntityChanges((error) =>
      logger.error({ err: error }, 'entity change listener failed'),
    );
    const beta = new BetaFlags(data.store, changes);
    await beta.load();
    tracking = await startTracking({
      dataDir: config.dataDir,
      nodeId: config.nodeId,
      store: data.store,
      events,
      changes,
      hopKey: data.keys.hop,
      encryptionKey: data.keys.encryption,
      logger,
      outbound,
      metaGraphUrl: config.metaGraphUrl,
      googleAdsApiUrl: config.googleAdsApiUrl,
      googleOAuthTokenUrl: config.googleOAuthTokenUrl,
      tiktokApiUrl: config.tiktokApiUrl,
      now: config.now,
      flushIntervalMs: config.flushIntervalMs,
    });
    metrics = createMetrics({ tracking, store: data.store, version: CAIRN_VERSION });
    const nicer = lowerBackgroundThreadPriority(config.workerNice);
    logger.debug({ threads: nicer, priority: config.workerNice }, 'helper thread priority set');
    // Many nodes on one PostgreSQL: a change made on any node reaches every node's routing table.
    if (data.store instanceof PostgresConfigStore) {
      const running = tracking;
      broadcast = await startChangeBroadcast({
        store: data.store,
        changes,
        resync: async () => {
          await running.table.reloadAll();
          await running.reloadSettings();
          await beta.load();
        },
        onError: (error) => logger.error({ err: error }, 'entity change broadcast failed'),
      });
      // `cairn geo update` stores its files in PostgreSQL: every node copies them into its own data dir.
      stopGeoSync = await startGeoSync({ store: data.store, changes, dataDir: config.dataDir, logger });
    }
    // Every node's health on every node's monitor.
    const beating = tracking;
    heartbeat = await startHeartbeat({
      store: data.store,
      nodeId: tracking.nodeId,
      version: CAIRN_VERSION,
      now: config.now,
      figures: () => nodeFigures(beating, config.now()),
      onError: (error) => logger.error({ err: error }, 'node heartbeat failed'),
    });
    // Announced like entity changes (and so to every node), for the guard's cache of signed-in users.
    const users = new UserRepository(data.store, data.keys, config.now, (id) => changes.emit('user', id));
    const sessions = new SessionRepository(data.store, config.now, (id) => changes.emit('session', id));
    await sessions.purgeExpired();

    let firstSignIn: FirstSignIn | null = null;
    // Keyed on the super-admin rather than on any user, so users made with `cairn user create` before the
    // first start do not leave the installation without one.
    if (!(await users.hasSuperAdmin())) {
      const password = config.adminPassword ?? generatePassword();
      await users.create({ login: config.adminLogin, password, role: 'super_admin', canCreateUsers: true });
      firstSignIn = { login: config.adminLogin, generatedPassword: config.adminPassword ? null : password };
    }
    if (config.mode === 'demo') {
      // The demo account's password is public and fixed; re-set it so a changed one cannot lock visitors out.
      const demo = await users.findByLogin(DEMO_ACCOUNT.login);
      if (demo) await users.setPassword(demo.id, DEMO_ACCOUNT.password);
      else await users.create({ login: DEMO_ACCOUNT.login, password: DEMO_ACCOUNT.password, role: 'admin' });
    }

    tls = new TlsService({
      store: data.store,
      changes,
      outbound,
      encryptionKey: data.keys.encryption,
      now: config.now,
      logger,
      directoryUrl: config.acmeDirectory,
      email: config.acmeEmail,
      caFile: config.acmeCaFile,
      httpsPort: config.httpsPort,
    });
    await tls.reload();
    const recorder = tracking.recorder;
    const backup: LiveBackupDeps = {
      dataDir: config.dataDir,
      store: data.store,
      events,
      storeJournal: () => recorder.flushNow(),
      version: CAIRN_VERSION,
      secretKeyFromEnv: config.secretKey !== null,
      now: config.now,
    };
    const controlToken = createControlToken();
    const { app, guard, routes, listener } = buildApp({
      config,
      store: data.store,
      events,
      changes,
      tracking,
      metrics,
      keys: data.keys,
      trackerId: data.trackerId,
      version: CAIRN_VERSION,
      schemaVersion: await schemaVersion(data.store),
      users,
      sessions,
      logger,
      recentErrors,
      outbound,
      tls,
      beta,
      installedLicenseKey: await getSetting(data.store, SETTING_LICENSE_KEY),
      backup,
      controlToken,
    });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const publicHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const url = `http://${publicHost.includes(':') ? `[${publicHost}]` : publicHost}:${port}`;
    const httpsServer =
      config.httpsPort === null
        ? null
        : await listenHttps(tls, listener, {
            port: config.httpsPort,
            host: config.host,
            headersTimeoutMs: config.httpHeadersTimeoutMs,
            requestTimeoutMs: config.httpRequestTimeoutMs,
            keepAliveTimeoutMs: config.httpKeepAliveTimeoutMs,
          });
    const httpsAddress = httpsServer?.address();
    const httpsPort = typeof httpsAddress === 'object' && httpsAddress ? httpsAddress.port : null;
    if (httpsPort !== null) tls.listeningOn(httpsPort);
    tls.startRenewal();
    const running = tls;
    // Half-finished two-factor sign-ins and stale throttle entries are otherwise only cleared on use.
    const sweeper = setInterval(() => {
      guard.sweep().catch((error: unknown) => app.log.error({ err: error }, 'session sweep failed'));
    }, SWEEP_INTERVAL_MS);
    sweeper.unref();
    const retention = startRetentionJob({ store: data.store, events, now: config.now }, logger);
    const backups = startBackupJob(backup, (error) =>
      logger.error({ err: error }, 'scheduled backup failed'),
    );
    // For `cairn backup` on this machine; 127.0.0.1 reaches a server listening on every address.
    const controlHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const removeControlFile = await writeControlFile(config.dataDir, {
      url: `http://${controlHost.includes(':') ? `[${controlHost}]` : controlHost}:${port}`,
      token: controlToken,
    });
    let closed = false;
    return {
      url,
      httpsPort,
      app,
      routes,
      config,
      trackerId: data.trackerId,
      firstSignIn,
      users,
      store: data.store,
      events,
      changes,
      tracking,
      tls,
      async close() {
        if (closed) return;
        closed = true;
        clearInterval(sweeper);
        await removeControlFile();
        await backups.stop();
        await retention.stop();
        await running.close();
        if (httpsServer) await closeServer(httpsServer);
        await app.close();
        await heartbeat?.stop();
        stopGeoSync?.();
        await broadcast?.close();
        await tracking?.close();
        await events?.close();
        await data.close();
        stopLoggingProcessErrors();
      },
    };
  } catch (error) {
    await tls?.close();
    await heartbeat?.stop();
    stopGeoSync?.();
    await broadcast?.close();
    await tracking?.close();
    await events?.close();
    await data.close();
    stopLoggingProcessErrors();
    throw error;
  }
}
