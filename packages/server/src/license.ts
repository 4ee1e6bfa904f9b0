import crypto from 'node:crypto';
import { z } from 'zod';

// A licence key is `<base64url(JSON payload)>.<base64url(Ed25519 signature of that first part)>`: the
// vendor signs it offline with the private key and every tracker verifies it offline with the public key.
export const licensePayloadSchema = z.object({
  v: z.literal(1),
  trackerId: z.string().min(1),
  plan: z.string().min(1),
  expiresAt: z.iso.datetime(),
});
export type LicensePayload = z.infer<typeof licensePayloadSchema>;

export type LicenseState =
  | { state: 'community' }
  | { state: 'valid'; payload: LicensePayload }
  | { state: 'missing'; reason: string }
  | { state: 'expired'; payload: LicensePayload };

// DER prefixes that turn a raw 32-byte Ed25519 key into SPKI / PKCS#8, so operators can pass short
// base64 strings in environment variables instead of multi-line PEM.
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

// The key is checked on every authenticated call; parse each configured text once.
const parsedPublicKeys = new Map<string, crypto.KeyObject>();

export function parsePublicKey(text: string): crypto.KeyObject {
  const cached = parsedPublicKeys.get(text);
  if (cached) return cached;
  let key: crypto.KeyObject;
  if (text.includes('BEGIN')) {
    key = crypto.createPublicKey(text);
  } else {
    const raw = Buffer.from(text.trim(), 'base64');
    if (raw.length !== 32) throw new Error('The licence public key must be PEM or base64 of 32 raw bytes');
    key = crypto.createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('The licence public key must be an Ed25519 key');
  parsedPublicKeys.set(text, key);
  return key;
}

export function parsePrivateKey(text: string): crypto.KeyObject {
  if (text.includes('BEGIN')) return crypto.createPrivateKey(text);
  const raw = Buffer.from(text.trim(), 'base64');
  if (raw.length !== 32) throw new Error('The licence private key must be PEM or base64 of a 32-byte seed');
  return crypto.createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, raw]), format: 'der', type: 'pkcs8' });
}

export interface LicenseKeyPair {
  publicKey: string;
  privateKey: string;
}

/** Base64 raw keys, the form CAIRN_LICENSE_PUBLIC_KEY and CAIRN_LICENSE_PRIVATE_KEY take. */
export function generateLicenseKeyPair(): LicenseKeyPair {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ed25519');
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' });
  return {
    publicKey: spki.subarray(SPKI_PREFIX.length).toString('base64'),
    privateKey: pkcs8.subarray(PKCS8_PREFIX.length).toString('base64'),
  };
}

export function signLicense(
  privateKey: string,
  license: { trackerId: string; plan: string; expiresAt: string | Date },
): string {
  const payload: LicensePayload = licensePayloadSchema.parse({
    v: 1,
    trackerId: license.trackerId,
    plan: license.plan,
    expiresAt: new Date(license.expiresAt).toISOString(),
  });
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = crypto.sign(null, Buffer.from(body), parsePrivateKey(privateKey));
  return `${body}.${signature.toString('base64url')}`;
}

export function checkLicense(options: {
  publicKey: string | null;
  key: string | null;
  trackerId: string;
  now: number;
}): LicenseState {
  if (!options.publicKey) return { state: 'community' };
  if (!options.key) return { state: 'missing', reason: 'no licence key installed' };
  const [body, signature, extra] = options.key.trim().split('.');
  if (!body || !signature || extra !== undefined)
    return { state: 'missing', reason: 'malformed licence key' };
  const verified = crypto.verify(
    null,
    Buffer.from(body),
    parsePublicKey(options.publicKey),
    Buffer.from(signature, 'base64url'),
  );
  if (!verified) return { state: 'missing', reason: 'licence signature does not verify' };
  let payload: LicensePayload;
  try {
    payload = licensePayloadSchema.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  } catch {
    return { state: 'missing', reason: 'licence payload unreadable' };
  }
  if (payload.trackerId !== options.trackerId) {
    return { state: 'missing', reason: `licence is for tracker ${payload.trackerId}` };
  }
  if (Date.parse(payload.expiresAt) <= options.now) return { state: 'expired', payload };
  return { state: 'valid', payload };
}
