import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import tls from 'node:tls';
import type { Logger } from 'pino';
import { decrypt, encrypt } from '../auth/secrets.ts';
import { type ScheduledJob, scheduleJob, withJobLock } from '../cluster/jobs.ts';
import type { EntityChanges } from '../entities/changes.ts';
import type { OutboundGuard } from '../outbound/guard.ts';
import { getSetting, setSetting } from '../settings/store.ts';
import type { ConfigStore } from '../store/config/port.ts';
import { AcmeClient, newAccountKeyPem } from './acme.ts';
import {
  type CertificateRecord,
  listCertificates,
  publishChallenge,
  removeChallenge,
  saveFailure,
  saveIssued,
} from './records.ts';

// HTTPS for the tracking domains: certificates got from an ACME CA by HTTP-01 and kept renewed by one
// node at a time (the job lock), stored sealed in the configuration store so every node serves the same
// ones, and picked per connection by SNI from a copy in memory that follows the `tls` change signal.

/** The change kind announced when certificates or HTTPS settings change (every node reloads). */
export const TLS_CHANGE = 'tls';
const ACCOUNT_SETTING = 'tls.acmeAccount';
/** Renewed this long before expiry, as Let's Encrypt advises for its 90-day certificates. */
export const RENEW_BEFORE_MS = 30 * 86_400_000;
/** A failed attempt is tried again after this long, not at every check. */
export const RETRY_AFTER_MS = 60 * 60_000;
const CHECK_EVERY_MS = 60 * 60_000;
export const ACME_CHALLENGE_PREFIX = '/.well-known/acme-challenge/';

export interface TlsServiceOptions {
  store: ConfigStore;
  changes: EntityChanges;
  outbound: OutboundGuard;
  encryptionKey: Buffer;
  now: () => number;
  logger: Logger;
  directoryUrl: string;
  email: string | null;
  caFile: string | null;
  /** The port HTTPS is served on, for redirects; null: HTTPS is off. */
  httpsPort: number | null;
}

export type IssueOutcome = { issued: true; notAfter: number } | { issued: false; error: string };

export class TlsService {
  private options: TlsServiceOptions;
  private contexts = new Map<string, tls.SecureContext>();
  private redirects = new Set<string>();
  private readonly issuing = new Map<string, Promise<IssueOutcome>>();
  private renewal: ScheduledJob | null = null;
  private readonly stopListening: () => void;

  constructor(options: TlsServiceOptions) {
    this.options = options;
    this.stopListening = options.changes.onChange((kind) =>
      kind === TLS_CHANGE ? this.reload() : undefined,
    );
  }

  get httpsPort(): number | null {
    return this.options.httpsPort;
  }

  /** The port the HTTPS server was given, once known (CAIRN_HTTPS_PORT=0 picks one). */
  listeningOn(port: number): void {
    this.options = { ...this.options, httpsPort: port };
  }

  /** Reads every certificate into memory; a row that no longer makes a context is logged and skipped. */
  async reload(): Promise<void> {
    const contexts = new Map<string, tls.SecureContext>();
    const redirects = new Set<string>();
    for (const record of await listCertificates(this.options.store)) {
      if (!record.wanted || !record.certificatePem || !record.keySealed) continue;
      try {
        const key = decrypt(this.options.encryptionKey, record.keySealed);
        contexts.set(record.host, tls.createSecureContext({ cert: record.certificatePem, key }));
        if (record.redirectHttp) redirects.add(record.host);
      } catch (error) {
        this.options.logger.error(
          { err: error, host: record.host },
          'a stored certificate could not be used',
        );
      }
    }
    this.contexts = contexts;
    this.redirects = redirects;
  }

  /** For `tls.createServer`'s SNICallback: the host's certificate, or none (the handshake fails). */
  readonly sniCallback = (
    servername: string,
    callback: (error: Error | null, context?: tls.SecureContext) => void,
  ) => {
    const context = this.contexts.get(servername.toLowerCase());
    if (context) callback(null, context);
    else callback(new Error(`No certificate for ${servername}`));
  };

  hasCertificate(host: string): boolean {
    return this.contexts.has(host);
  }

  /**
   * Answers a plain-HTTP request to a host set to redirect with a 301 to HTTPS and returns true; false
   * leaves it to the server. ACME's challenges are always answered over HTTP, as the CA asks for them.
   */
  redirectToHttps(request: IncomingMessage, response: ServerResponse): boolean {
    if (this.redirects.size === 0 || this.options.httpsPort === null) return false;
    if ((request.socket as { encrypted?: boolean }).encrypted) return false;
    const host = (request.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
    if (!this.redirects.has(host) || (request.url ?? '').startsWith(ACME_CHALLENGE_PREFIX)) return false;
    const port = this.options.httpsPort === 443 ? '' : `:${this.options.httpsPort}`;
    response.writeHead(301, {
      location: `https://${host}${port}${request.url ?? '/'}`,
      'cache-control': 'no-store',
    });
    response.end();
    return true;
  }

  private async client(): Promise<AcmeClient> {
    const { store, encryptionKey, directoryUrl } = this.options;
    let account: { directory: string; url: string | null; keySealed: string } | null = null;
    try {
      account = JSON.parse((await getSetting(store, ACCOUNT_SETTING)) ?? 'null');
    } catch {
      account = null;
    }
    if (!account || account.directory !== directoryUrl) {
      account = { directory: directoryUrl, url: null, keySealed: encrypt(encryptionKey, newAccountKeyPem()) };
    }
    const client = new AcmeClient({
      directoryUrl,
      accountKeyPem: decrypt(encryptionKey, account.keySealed),
      accountUrl: account.url,
      email: this.options.email,
      outbound: this.options.outbound,
      ...(this.options.caFile ? { ca: fs.readFileSync(this.options.caFile, 'utf8') } : {}),
    });
    const url = await client.account();
    if (url !== account.url) await setSetting(store, ACCOUNT_SETTING, JSON.stringify({ ...account, url }));
    return client;
  }

  /**
   * Gets a certificate for `host` now. One attempt per host runs at a time on this node and, through
   * the job lock, across nodes; a call while one runs waits for it. The outcome is stored either way.
   */
  issue(host: string): Promise<IssueOutcome> {
    const running = this.issuing.get(host);
    if (running) return running;
    const attempt = this.attempt(host).finally(() => this.issuing.delete(host));
    this.issuing.set(host, attempt);
    return attempt;
  }

  private async attempt(host: string): Promise<IssueOutcome> {
    const { store, now } = this.options;
    const run = await withJobLock(store, `tls-issue:${host}`, async (): Promise<IssueOutcome> => {
      try {
        const client = await this.client();
        const issued = await client.issue([host], {
          publish: (token, keyAuthorization) => publishChallenge(store, token, keyAuthorization, host, now()),
          remove: (token) => removeChallenge(store, token),
        });
        const notAfter = Date.parse(new crypto.X509Certificate(issued.certificatePem).validTo);
        const keySealed = encrypt(this.options.encryptionKey, issued.keyPem);
        await saveIssued(store, host, { certificatePem: issued.certificatePem, keySealed, notAfter }, now());
        this.options.logger.info({ host, notAfter: new Date(notAfter).toISOString() }, 'certificate issued');
        return { issued: true, notAfter };
      } catch (error) {
        const message = (error as Error).message || String(error);
        await saveFailure(store, host, message, now());
        this.options.logger.warn({ host, err: error }, 'certificate not issued');
        return { issued: false, error: message };
      }
    });
    await this.options.changes.emit(TLS_CHANGE, 0);
    return run.ran
      ? run.value
      : { issued: false, error: 'Another node is getting this certificate right now' };
  }

  /** Whether a wanted host needs a certificate now: none yet, or close to expiry, and not failed lately. */
  static isDue(record: CertificateRecord, hosts: ReadonlySet<string>, now: number): boolean {
    if (!record.wanted || !hosts.has(record.host)) return false;
    const failedLately =
      record.lastError !== null &&
      record.lastAttemptAt !== null &&
      now - record.lastAttemptAt < RETRY_AFTER_MS;
    if (failedLately) return false;
    return record.notAfter === null || record.notAfter - now < RENEW_BEFORE_MS;
  }

  /** Issues or renews what is due; hosts no longer in the Domains list are left alone. */
  async renewDue(): Promise<void> {
    const { store, now } = this.options;
    const hosts = new Set(
      (await store.query<{ host: string }>('SELECT host FROM domains WHERE NOT archived')).map((row) =>
        row.host.toLowerCase(),
      ),
    );
    for (const record of await listCertificates(store)) {
      if (TlsService.isDue(record, hosts, now())) await this.issue(record.host);
    }
  }

  /** Checks for due renewals on a timer; whichever node claims the job runs it. */
  startRenewal(intervalMs = CHECK_EVERY_MS): void {
    this.renewal = scheduleJob(
      this.options.store,
      'tls-renew',
      intervalMs,
      () => this.renewDue(),
      (error) => this.options.logger.error({ err: error }, 'certificate renewal check failed'),
    );
  }

  async close(): Promise<void> {
    this.stopListening();
    await this.renewal?.stop();
    await Promise.allSettled([...this.issuing.values()]);
  }
}
