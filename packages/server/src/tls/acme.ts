import crypto from 'node:crypto';
import type { OutboundGuard } from '../outbound/guard.ts';
import { createCsr } from './csr.ts';

// An ACME (RFC 8555) client for one job: a certificate for a few names by HTTP-01. It speaks through the
// outbound guard like every other call Cairn makes (no redirects, timeouts, private addresses only when
// the operator allows them), which a library with its own HTTP stack would not. Keys are ECDSA P-256;
// requests are JWS-signed with ES256.

/** The ACME server refused or failed; `detail` is its own words (a problem document's detail). */
export class AcmeError extends Error {
  override name = 'AcmeError';
  readonly type: string;
  constructor(message: string, type = '') {
    super(message);
    this.type = type;
  }
}

interface Directory {
  newNonce: string;
  newAccount: string;
  newOrder: string;
  meta?: { termsOfService?: string };
}

interface AcmeAnswer {
  status: number;
  body: unknown;
  text: string;
  location: string | null;
}

interface Order {
  status: string;
  authorizations: string[];
  finalize: string;
  certificate?: string;
  error?: { detail?: string };
}

interface Authorization {
  status: string;
  identifier: { value: string };
  challenges: { type: string; url: string; token: string; status: string; error?: { detail?: string } }[];
}

export interface AcmeClientOptions {
  directoryUrl: string;
  /** The account's key (PKCS #8 PEM). */
  accountKeyPem: string;
  /** The account's URL, known once registered; found again by its key otherwise. */
  accountUrl?: string | null;
  email?: string | null;
  outbound: OutboundGuard;
  /** Extra trust for a private ACME server's HTTPS (Pebble, step-ca). */
  ca?: string;
  timeoutMs?: number;
  /** How long to wait for validations and issuance. */
  pollLimitMs?: number;
  pollEveryMs?: number;
}

export interface Challenges {
  /** Publish `keyAuthorization` at `/.well-known/acme-challenge/<token>` on every node. */
  publish(token: string, keyAuthorization: string, host: string): Promise<void>;
  remove(token: string): Promise<void>;
}

export interface IssuedCertificate {
  /** The certificate and its chain, PEM. */
  certificatePem: string;
  /** The certificate's key, PKCS #8 PEM. */
  keyPem: string;
}

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');
const MAX_ANSWER_BYTES = 1024 * 1024;

export function newAccountKeyPem(): string {
  const { privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

export class AcmeClient {
  private readonly options: AcmeClientOptions;
  private readonly key: crypto.KeyObject;
  private readonly jwk: { crv: string; kty: string; x: string; y: string };
  private directory: Directory | null = null;
  private nonce: string | null = null;
  accountUrl: string | null;

  constructor(options: AcmeClientOptions) {
    this.options = options;
    this.key = crypto.createPrivateKey(options.accountKeyPem);
    const { crv, kty, x, y } = crypto.createPublicKey(this.key).export({ format: 'jwk' });
    this.jwk = { crv: String(crv), kty: String(kty), x: String(x), y: String(y) };
    this.accountUrl = options.accountUrl ?? null;
  }

  /** RFC 7638's thumbprint, which a key authorization ends in. */
  thumbprint(): string {
    const { crv, kty, x, y } = this.jwk;
    return crypto.createHash('sha256').update(JSON.stringify({ crv, kty, x, y })).digest('base64url');
  }

  private async call(url: string, method: 'GET' | 'HEAD' | 'POST', body?: string): Promise<AcmeAnswer> {
    const answer = await this.options.outbound.request(url, {
      method,
      timeoutMs: this.options.timeoutMs ?? 30_000,
      maxBodyBytes: method === 'HEAD' ? 0 : MAX_ANSWER_BYTES,
      headers: body === undefined ? {} : { 'content-type': 'application/jose+json' },
      ...(body === undefined ? {} : { body }),
      ...(this.options.ca ? { ca: this.options.ca } : {}),
    });
    const replay = answer.headers['replay-nonce'];
    if (typeof replay === 'string') this.nonce = replay;
    let parsed: unknown = null;
    if (answer.body && /json/.test(String(answer.headers['content-type'] ?? ''))) {
      try {
        parsed = JSON.parse(answer.body);
      } catch {
        parsed = null;
      }
    }
    return { status: answer.status, body: parsed, text: answer.body, location: answer.location };
  }

  private async dir(): Promise<Directory> {
    if (this.directory) return this.directory;
    const answer = await this.call(this.options.directoryUrl, 'GET');
    const body = answer.body as Partial<Directory> | null;
    if (answer.status !== 200 || !body?.newNonce || !body.newAccount || !body.newOrder) {
      throw new AcmeError(`${this.options.directoryUrl} is not an ACME directory (HTTP ${answer.status})`);
    }
    this.directory = body as Directory;
    return this.directory;
  }

  private async freshNonce(): Promise<string> {
    if (this.nonce) {
      const nonce = this.nonce;
      this.nonce = null;
      return nonce;
    }
    await this.call((await this.dir()).newNonce, 'HEAD');
    const nonce = this.nonce as string | null;
    if (!nonce) throw new AcmeError('The ACME server gave no nonce');
    this.nonce = null;
    return nonce;
  }

  /** A JWS-signed POST; `payload` null is POST-as-GET. A bad nonce is retried once, as RFC 8555 asks. */
  private async post(url: string, payload: unknown, useJwk = false, retried = false): Promise<AcmeAnswer> {
    const header: Record<string, unknown> = { alg: 'ES256', nonce: await this.freshNonce(), url };
    if (useJwk || !this.accountUrl) header.jwk = this.jwk;
    else header.kid = this.accountUrl;
    const protectedPart = b64url(JSON.stringify(header));
    const payloadPart = payload === null ? '' : b64url(JSON.stringify(payload));
    const signature = crypto
      .sign('sha256', Buffer.from(`${protectedPart}.${payloadPart}`), {
        key: this.key,
        dsaEncoding: 'ieee-p1363',
      })
      .toString('base64url');
    const answer = await this.call(
      url,
      'POST',
      JSON.stringify({ protected: protectedPart, payload: payloadPart, signature }),
    );
    const problem = answer.body as { type?: string; detail?: string } | null;
    if (answer.status >= 400) {
      if (!retried && problem?.type === 'urn:ietf:params:acme:error:badNonce') {
        return this.post(url, payload, useJwk, true);
      }
      throw new AcmeError(`${problem?.detail ?? `HTTP ${answer.status}`} (${url})`, problem?.type ?? '');
    }
    return answer;
  }

  /** Registers the account, or finds it by its key; returns its URL. */
  async account(): Promise<string> {
    if (this.accountUrl) return this.accountUrl;
    const directory = await this.dir();
    const answer = await this.post(
      directory.newAccount,
      {
        termsOfServiceAgreed: true,
        ...(this.options.email ? { contact: [`mailto:${this.options.email}`] } : {}),
      },
      true,
    );
    if (!answer.location) throw new AcmeError('The ACME server gave the account no URL');
    this.accountUrl = answer.location;
    return answer.location;
  }

  private async poll<T extends { status: string }>(url: string, done: (value: T) => boolean): Promise<T> {
    const limit = performance.now() + (this.options.pollLimitMs ?? 90_000);
    for (;;) {
      const value = (await this.post(url, null)).body as T;
      if (done(value)) return value;
      if (performance.now() > limit) throw new AcmeError(`Still ${value.status} after waiting (${url})`);
      await new Promise((resolve) => setTimeout(resolve, this.options.pollEveryMs ?? 500));
    }
  }

  /** A new certificate (and a new key for it) for `names`, each validated by HTTP-01. */
  async issue(names: readonly string[], challenges: Challenges): Promise<IssuedCertificate> {
    await this.account();
    const directory = await this.dir();
    const created = await this.post(directory.newOrder, {
      identifiers: names.map((value) => ({ type: 'dns', value })),
    });
    const orderUrl = created.location;
    let order = created.body as Order;
    if (!orderUrl) throw new AcmeError('The ACME server gave the order no URL');
    const published: string[] = [];
    try {
      for (const authorizationUrl of order.authorizations) {
        const authorization = (await this.post(authorizationUrl, null)).body as Authorization;
        if (authorization.status === 'valid') continue;
        const challenge = authorization.challenges.find((each) => each.type === 'http-01');
        if (!challenge) {
          throw new AcmeError(`No HTTP-01 challenge offered for ${authorization.identifier.value}`);
        }
        await challenges.publish(
          challenge.token,
          `${challenge.token}.${this.thumbprint()}`,
          authorization.identifier.value,
        );
        published.push(challenge.token);
        await this.post(challenge.url, {});
        const settled = await this.poll<Authorization>(
          authorizationUrl,
          (value) => value.status !== 'pending',
        );
        if (settled.status !== 'valid') {
          const failed = settled.challenges.find((each) => each.type === 'http-01');
          throw new AcmeError(
            `${authorization.identifier.value} was not validated: ${failed?.error?.detail ?? settled.status}`,
          );
        }
      }
    } finally {
      for (const token of published) await challenges.remove(token).catch(() => undefined);
    }
    const { privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    order = (await this.post(order.finalize, { csr: b64url(createCsr(privateKey, names)) })).body as Order;
    order = await this.poll<Order>(
      orderUrl,
      (value) => value.status !== 'processing' && value.status !== 'ready',
    );
    if (order.status !== 'valid' || !order.certificate) {
      throw new AcmeError(`The order ended ${order.status}: ${order.error?.detail ?? 'no certificate'}`);
    }
    const certificate = await this.post(order.certificate, null);
    if (!certificate.text.includes('BEGIN CERTIFICATE')) throw new AcmeError('The certificate is not PEM');
    return {
      certificatePem: certificate.text,
      keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
  }
}
