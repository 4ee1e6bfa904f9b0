import type pg from 'pg';
import type { EntityChanges } from '../entities/changes.ts';
import type { PostgresConfigStore } from '../store/config/postgres.ts';
import { VersionTracker } from './versionTracker.ts';

// Entity changes across nodes. A change committed on one node is announced on its EntityChanges (after the
// commit); the broadcast sends it as a PostgreSQL NOTIFY on `cairn_entity_changes`, and every other node's
// broadcast, LISTENing on a connection of its own, emits it on its EntityChanges, which its routing table
// follows. NOTIFY reaches the listeners within milliseconds.
//
// The payload is `kind:id:version`. The version is a counter in `settings` bumped by the very statement
// that sends the notification, so a notification is sent exactly when the counter moves; a node that sees
// the counter move without the notification (its sender died between commit and announcement, the
// listening connection was down, a tool bumped it on purpose) resyncs: the `resync` callback reloads
// everything that follows changes. A `kind:id` payload without a version is followed too.

export const CHANGES_CHANNEL = 'cairn_entity_changes';
const VERSION_KEY = 'config_version';
/** Past this many unsent announcements (the database unreachable), one counter bump replaces them all. */
const OUTBOX_LIMIT = 1000;

const BUMP = `INSERT INTO settings (key, value) VALUES ('${VERSION_KEY}', '1')
  ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(settings.value AS BIGINT) + 1 AS VARCHAR)
  RETURNING value`;
const PUBLISH = `WITH bumped AS (${BUMP})
  SELECT pg_notify(CAST($1 AS VARCHAR), CAST($2 AS VARCHAR) || ':' || value) AS sent FROM bumped`;

/** The channel of one installation; a schema of its own gets a channel of its own. */
export function changesChannel(store: PostgresConfigStore): string {
  return store.namespace ? `${CHANGES_CHANNEL}_${store.namespace}` : CHANGES_CHANNEL;
}

export interface ChangeNotice {
  kind: string;
  id: number;
  version: number | null;
}

export function parseChangePayload(payload: string): ChangeNotice | null {
  const match = /^([a-z_]{1,64}):(\d{1,15})(?::(\d{1,18}))?$/.exec(payload);
  if (!match) return null;
  return {
    kind: match[1] ?? '',
    id: Number(match[2]),
    version: match[3] === undefined ? null : Number(match[3]),
  };
}

/** Announces one change from a process that runs no broadcast of its own (a CLI command). */
export async function publishChange(store: PostgresConfigStore, kind: string, id: number): Promise<void> {
  await store.query(PUBLISH, [changesChannel(store), `${kind}:${id}`]);
}

/** Makes every node resync within a poll interval, e.g. after a tool wrote many entities directly. */
export async function announceResync(store: PostgresConfigStore): Promise<void> {
  await store.query(BUMP);
}

async function readVersion(store: PostgresConfigStore): Promise<number> {
  const rows = await store.query<{ version: number }>(
    'SELECT CAST(value AS BIGINT) AS version FROM settings WHERE key = $1',
    [VERSION_KEY],
  );
  return rows[0]?.version ?? 0;
}

export interface ChangeBroadcastOptions {
  store: PostgresConfigStore;
  changes: EntityChanges;
  /** Reloads, from the store, everything that follows `changes` (the routing table, cached settings). */
  resync: () => Promise<void>;
  /** How often the counter is compared (the safety net; notifications do not wait for it). */
  pollIntervalMs?: number;
  /** Wait before reconnecting a lost LISTEN connection. */
  reconnectDelayMs?: number;
  onError?: (error: unknown) => void;
}

export interface ChangeBroadcast {
  /** The counter value this node has every change up to. */
  readonly version: number;
  /** Backend pid of the LISTEN connection; null while it reconnects. */
  readonly listenerPid: number | null;
  /** Resolves once every change announced here so far has been sent (or failed and awaits a retry). */
  flushed(): Promise<void>;
  close(): Promise<void>;
}

class Broadcast implements ChangeBroadcast {
  private readonly store: PostgresConfigStore;
  private readonly channel: string;
  private readonly options: ChangeBroadcastOptions;
  private readonly onError: (error: unknown) => void;
  private tracker = new VersionTracker(0);
  private listener: pg.Client | null = null;
  listenerPid: number | null = null;
  private outbox: string[] = [];
  private bumpOnly = false;
  private sending: Promise<void> | null = null;
  private resyncDue = false;
  private resyncing: Promise<void> | null = null;
  private polling = false;
  private relaying = false;
  private closed = false;
  private pollTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private unsubscribe: () => void = () => {};

  constructor(options: ChangeBroadcastOptions) {
    this.options = options;
    this.store = options.store;
    this.channel = changesChannel(options.store);
    this.onError = options.onError ?? (() => {});
  }

  get version(): number {
    return this.tracker.version;
  }

  async start(): Promise<void> {
    await this.connectListener();
    // Read after LISTEN: every later bump comes with a notification this node will get.
    this.tracker = new VersionTracker(await readVersion(this.store));
    this.unsubscribe = this.options.changes.onChange((kind, id) => {
      // Changes this broadcast relays from other nodes are theirs to announce, not ours again.
      if (!this.relaying) this.publish(kind, id);
    });
    this.pollTimer = setInterval(() => void this.poll(), this.options.pollIntervalMs ?? 3000);
    this.pollTimer.unref();
  }

  private async connectListener(): Promise<void> {
    const client = await this.store.dedicatedClient();
    client.on('notification', (message) => this.onNotification(message));
    client.on('error', (error) => this.listenerLost(client, error));
    client.on('end', () => this.listenerLost(client, null));
    try {
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
      const rows = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      if (this.closed) throw new Error('The change broadcast was closed while connecting');
      this.listener = client;
      this.listenerPid = rows.rows[0]?.pid ?? null;
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  private listenerLost(client: pg.Client, error: Error | null): void {
    if (this.listener !== client) return;
    this.listener = null;
    this.listenerPid = null;
    if (this.closed) return;
    this.onError(error ?? new Error('The LISTEN connection of the change broadcast ended'));
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || this.closed) return;
    this.reconnectTimer = setTimeout(async () => {
      this.reconnectTimer = null;
      try {
        await this.connectListener();
        // Whatever was announced while nobody listened is lost: reload.
        await this.resync();
      } catch (error) {
        if (this.closed) return;
        this.onError(error);
        this.scheduleReconnect();
      }
    }, this.options.reconnectDelayMs ?? 1000);
    this.reconnectTimer.unref();
  }

  private onNotification(message: pg.Notification): void {
    if (message.channel !== this.channel) return;
    const notice = parseChangePayload(message.payload ?? '');
    if (!notice) {
      this.onError(new Error(`Unreadable entity change notification: "${message.payload ?? ''}"`));
      return;
    }
    // This node's own announcements come back too: its listeners heard them before they were sent.
    if (!this.store.ownsBackend(message.processId)) {
      this.relaying = true;
      try {
        this.options.changes.emit(notice.kind, notice.id);
      } finally {
        this.relaying = false;
      }
    }
    if (notice.version !== null && this.tracker.received(notice.version) === 'gap') void this.resync();
  }

  private publish(kind: string, id: number): void {
    if (this.closed) return;
    this.outbox.push(`${kind}:${id}`);
    if (this.outbox.length > OUTBOX_LIMIT) {
      this.outbox = [];
      this.bumpOnly = true;
    }
    void this.drain();
  }

  // One announcement at a time and in order, so other nodes apply a node's changes in the order made.
  // A failure leaves the rest queued for the next poll. `sending` is cleared in a `.finally` callback,
  // which always runs after the assignment: with nothing queued, the sending function finishes before
  // `??=` assigns, and clearing it inside would leave the settled promise there, so nothing was sent again.
  private drain(): Promise<void> {
    this.sending ??= this.sendQueued().finally(() => {
      this.sending = null;
    });
    return this.sending;
  }

  private async sendQueued(): Promise<void> {
    try {
      while (this.bumpOnly || this.outbox.length > 0) {
        if (this.bumpOnly) {
          await announceResync(this.store);
          this.bumpOnly = false;
          continue;
        }
        await this.store.query(PUBLISH, [this.channel, this.outbox[0] ?? '']);
        this.outbox.shift();
      }
    } catch (error) {
      this.onError(error);
    }
  }

  flushed(): Promise<void> {
    return this.drain();
  }

  private async poll(): Promise<void> {
    if (this.closed || this.polling) return;
    this.polling = true;
    try {
      await this.drain();
      const due = this.tracker.polled(await readVersion(this.store));
      if (due || this.resyncDue) await this.resync();
    } catch (error) {
      this.onError(error);
    } finally {
      this.polling = false;
    }
  }

  private resync(): Promise<void> {
    this.resyncDue = true;
    this.resyncing ??= this.runResyncs().finally(() => {
      this.resyncing = null;
    });
    return this.resyncing;
  }

  // A resync asked for while one runs may concern changes after the version that one read: run again.
  private async runResyncs(): Promise<void> {
    while (this.resyncDue && !this.closed) {
      this.resyncDue = false;
      try {
        this.tracker.reset(await readVersion(this.store));
        await this.options.resync();
      } catch (error) {
        this.resyncDue = true;
        this.onError(error);
        return;
      }
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.unsubscribe();
    await this.sending;
    // A last attempt for what is still queued, so a clean shutdown does not leave other nodes to the poll.
    if (this.outbox.length > 0 || this.bumpOnly) await this.drain();
    await this.resyncing;
    const listener = this.listener;
    this.listener = null;
    this.listenerPid = null;
    await listener?.end().catch(() => undefined);
  }
}

/**
 * Bridges this node's EntityChanges to every other node's through PostgreSQL. Start it before anything
 * that follows `changes` loads (the routing table), and close it before the store.
 */
export async function startChangeBroadcast(options: ChangeBroadcastOptions): Promise<ChangeBroadcast> {
  const broadcast = new Broadcast(options);
  await broadcast.start();
  return broadcast;
}
