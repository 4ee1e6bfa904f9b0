import crypto from 'node:crypto';

// The double meta refresh's second hop (`/click/hop?u=...`) is a page on the tracker that forwards to
// `u`. Only links the tracker signed are followed, or the hop would send anyone anywhere under the
// tracker's name; a signed link expires, so one copied out of a page cannot be reused as a redirect for
// ever. Its key is its own (derived from the installation key with a label of its own), so nothing
// learnt of the hop's signatures touches the CSRF tokens, nor the other way round.

/** How long a hop link is followed: the visitor's browser asks for it at once; this leaves slack for slow devices. */
export const HOP_LINK_LIFETIME_MS = 10 * 60 * 1000;

const SIGNATURE_CHARS = 22;
const EXPIRY = /^[0-9a-z]{1,11}$/;

export class HopLinks {
  // A KeyObject made once: creating one from raw bytes on every signature is what costs.
  private readonly key: crypto.KeyObject;
  private readonly now: () => number;

  constructor(key: Buffer, now: () => number) {
    this.key = crypto.createSecretKey(key);
    this.now = now;
  }

  private signature(url: string, expiry: string): string {
    return crypto
      .createHmac('sha256', this.key)
      .update(`hop:${expiry}:${url}`)
      .digest('base64url')
      .slice(0, SIGNATURE_CHARS);
  }

  /** The query of a hop link to `url` (an ASCII URL): the target `u`, its expiry `e` and signature `s`. */
  query(url: string): string {
    const expiry = (this.now() + HOP_LINK_LIFETIME_MS).toString(36);
    return `u=${encodeURIComponent(url)}&e=${expiry}&s=${this.signature(url, expiry)}`;
  }

  /** Whether a hop link's parts were signed here and the link has not expired; compared in constant time. */
  verify(url: string, expiry: string, signature: string): boolean {
    if (!EXPIRY.test(expiry) || Number.parseInt(expiry, 36) <= this.now()) return false;
    const expected = Buffer.from(this.signature(url, expiry));
    const given = Buffer.from(signature);
    // The length is no secret (every signature has the same one); the bytes are compared in constant time.
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  }
}
