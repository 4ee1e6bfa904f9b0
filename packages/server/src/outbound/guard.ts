import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  type Address,
  type Cidr,
  formatAddress,
  ownAddresses,
  parseAddress,
  parseCidr,
  refusalOf,
} from './addresses.ts';
import { KeyedLimiter } from './limiter.ts';

// Every HTTP call Cairn makes to an address someone typed in (S2S postbacks, the update feed, later
// integrations) goes through this guard. It resolves the host itself and checks each address in the
// socket's own lookup, so the address checked is the address connected to: a name that resolves to a
// public address for a check and to 127.0.0.1 a moment later (DNS rebinding) still cannot reach
// inside. Redirects are never followed (a 3xx is the answer), and a destination has a few slots only.

/** The call was not made: the URL or the address it leads to is not one Cairn calls. */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

/** The destination did not connect or answer in time. */
export class OutboundTimeout extends Error {
  override name = 'OutboundTimeout';
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface OutboundGuardOptions {
  /** CIDRs an operator allows although private or loopback (CAIRN_PRIVATE_DESTINATIONS). */
  privateDestinations?: readonly string[];
  connectTimeoutMs?: number;
  /** Requests to one destination (host and port) at once; more wait their turn. */
  perDestination?: number;
  /** The name resolver; tests give one that answers a private address for a public-looking name. */
  resolve?: (hostname: string, family: number) => Promise<ResolvedAddress[]>;
  /** This machine's addresses (read per call by default: interfaces come and go). */
  ownAddresses?: () => Address[];
}

export interface OutboundRequest {
  /** GET unless said; HEAD and POST are for protocols (ACME) that need them. */
  method?: 'GET' | 'HEAD' | 'POST';
  /** The whole call, connect included. */
  timeoutMs: number;
  headers?: Record<string, string>;
  /** Sent as it is (the caller sets its content type). */
  body?: string | Buffer;
  /** Certificate authorities to trust for this call in place of Node's own list (a private ACME server). */
  ca?: string;
  /** Bytes of the answer's body to read (more fails the call); 0 reads none. */
  maxBodyBytes?: number;
}

export interface OutboundAnswer {
  status: number;
  /** A redirect's target, reported, never followed. */
  location: string | null;
  body: string;
  /** The body's bytes as they came (a binary download, such as a geo database). */
  bytes: Buffer;
  /** The answer's headers, names in lower case. */
  headers: Record<string, string | string[] | undefined>;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
export const DEFAULT_PER_DESTINATION = 2;

const systemResolve = async (hostname: string, family: number): Promise<ResolvedAddress[]> =>
  dns.promises.lookup(hostname, { all: true, family, verbatim: true });

/** Parses CAIRN_PRIVATE_DESTINATIONS' entries; throws a RangeError naming the first bad one. */
export function parsePrivateDestinations(entries: readonly string[]): Cidr[] {
  return entries.map((entry) => parseCidr(entry));
}

export class OutboundGuard {
  readonly perDestination: number;
  private readonly allowed: Cidr[];
  private readonly connectTimeoutMs: number;
  private readonly resolve: NonNullable<OutboundGuardOptions['resolve']>;
  private readonly own: () => Address[];
  private readonly limiter: KeyedLimiter;

  constructor(options: OutboundGuardOptions = {}) {
    this.allowed = parsePrivateDestinations(options.privateDestinations ?? []);
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.perDestination = options.perDestination ?? DEFAULT_PER_DESTINATION;
    this.limiter = new KeyedLimiter(this.perDestination);
    this.resolve = options.resolve ?? systemResolve;
    this.own = options.ownAddresses ?? ownAddresses;
  }

  /** The destination a URL calls (host and port), which the per-destination limit counts by. */
  static destinationOf(url: string): string {
    try {
      return new URL(url).host;
    } catch {
      return '';
    }
  }

  /** Calls running or waiting for this destination. */
  load(destination: string): number {
    return this.limiter.load(destination);
  }

  /** Why a literal or resolved address is refused, or null. */
  refusalOf(address: Address): string | null {
    return refusalOf(address, this.allowed, this.own());
  }

  /** One GET; rejects with OutboundRefused, OutboundTimeout or the network's error. */
  get(url: string, request: OutboundRequest): Promise<OutboundAnswer> {
    return this.request(url, { ...request, method: 'GET' });
  }

  /** One call of `request.method`; rejects as `get` does. */
  async request(url: string, request: OutboundRequest): Promise<OutboundAnswer> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new OutboundRefused('Not an absolute URL');
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new OutboundRefused(`Only http and https are called, not ${target.protocol.replace(/:$/, '')}`);
    }
    if (target.username || target.password) throw new OutboundRefused('URLs with credentials are not called');
    // The WHATWG parser has already turned 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1.
    const literal = parseAddress(target.hostname);
    if (literal) {
      const reason = this.refusalOf(literal);
      if (reason) throw new OutboundRefused(`${formatAddress(literal)} is ${reason}`);
    }
    return this.limiter.run(target.host, () => this.send(target, request));
  }

  /**
   * Why a host given as a literal address is refused, or null (a name is checked when it is looked up).
   * With `lookup`, this lets other protocols (SMTP for trigger emails) connect under the same checks.
   */
  literalRefusal(hostname: string): string | null {
    const literal = parseAddress(hostname);
    if (!literal) return null;
    const reason = this.refusalOf(literal);
    return reason ? `${formatAddress(literal)} is ${reason}` : null;
  }

  /** The socket lookup that only hands out addresses Cairn may call (for net/tls connections). */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.checkedAddresses(hostname, options.family === 4 || options.family === 6 ? options.family : 0).then(
      (addresses) => {
        const first = addresses[0] as ResolvedAddress;
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };

  /** The host's addresses Cairn may call; refused when none is left. */
  private async checkedAddresses(hostname: string, family: number): Promise<ResolvedAddress[]> {
    const resolved = await this.resolve(hostname, family);
    const reasons: string[] = [];
    const kept = resolved.filter((entry) => {
      const address = parseAddress(entry.address);
      const reason = address ? this.refusalOf(address) : 'not an IP address';
      if (reason) reasons.push(`${entry.address} is ${reason}`);
      return reason === null;
    });
    if (kept.length === 0) {
      throw new OutboundRefused(
        reasons.length > 0 ? `${hostname} resolves to ${reasons.join(', ')}` : `${hostname} has no address`,
      );
    }
    return kept;
  }

  private send(target: URL, request: OutboundRequest): Promise<OutboundAnswer> {
    const client = target.protocol === 'https:' ? https : http;
    const limit = request.maxBodyBytes ?? 0;
    return new Promise<OutboundAnswer>((resolve, reject) => {
      let settled = false;
      const finish = (error: Error | null, answer?: OutboundAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(whole);
        clearTimeout(connect);
        if (error) {
          outgoing.destroy();
          reject(error);
        } else resolve(answer as OutboundAnswer);
      };
      const outgoing = client.request(target, {
        method: request.method ?? 'GET',
        headers: request.headers,
        ...(request.ca !== undefined && target.protocol === 'https:' ? { ca: request.ca } : {}),
        // A fresh connection per call: a pooled socket could outlive the check it was opened under.
        agent: false,
        lookup: this.lookup,
      });
      const whole = setTimeout(
        () => finish(new OutboundTimeout(`No answer within ${request.timeoutMs} ms`)),
        request.timeoutMs,
      );
      const connect = setTimeout(
        () => finish(new OutboundTimeout(`No connection within ${this.connectTimeoutMs} ms`)),
        Math.min(this.connectTimeoutMs, request.timeoutMs),
      );
      outgoing.once('socket', (socket) => socket.once('connect', () => clearTimeout(connect)));
      // `on`, not `once`: a destroyed socket may report a second error, which must not go unheard.
      outgoing.on('error', (error) => finish(error));
      outgoing.once('response', (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location ?? null;
        const headers = response.headers;
        response.on('error', (error) => finish(error));
        if (limit === 0) {
          response.destroy();
          finish(null, { status, location, body: '', bytes: Buffer.alloc(0), headers });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit) finish(new OutboundRefused(`The answer is larger than ${limit} bytes`));
          else chunks.push(chunk);
        });
        response.once('end', () => {
          const bytes = Buffer.concat(chunks);
          // Decoded when read: a binary download of many megabytes is never wanted as text.
          finish(null, {
            status,
            location,
            get body() {
              return bytes.toString('utf8');
            },
            bytes,
            headers,
          });
        });
      });
      outgoing.end(request.body);
    });
  }
}
