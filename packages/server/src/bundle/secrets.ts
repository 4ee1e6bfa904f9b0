import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { BUNDLE_SCRYPT_LOG2_COST, type BundleSecrets } from '@cairn/contract';
import { z } from 'zod';
import { decrypt, encrypt } from '../auth/secrets.ts';
import { validationError } from '../http.ts';

// The secrets a configuration bundle carries when asked for: what a move cannot do without, since it lives
// outside Cairn too. Networks' postback URLs carry a postback key, and protected landers' code holds their
// LP-protect key; an installation that got the entities without them would refuse every postback and turn
// away every visitor of those landers. They are sealed with a key derived from a passphrase the user
// chooses, so the file is safe to keep and to send; the installation key never leaves.

const scrypt = promisify<crypto.BinaryLike, crypto.BinaryLike, number, crypto.ScryptOptions, Buffer>(
  crypto.scrypt,
);

/** What exports use; imports read any cost within BUNDLE_SCRYPT_LOG2_COST. */
export const EXPORT_LOG2_COST = BUNDLE_SCRYPT_LOG2_COST.min;

const POSTBACK_KEY_MAX = 512;

/** The secrets in clear, as sealed inside the bundle. */
export const bundleSecretValuesSchema = z.object({
  /** The installation's valid postback keys, the one it handed out first. */
  postbackKeys: z.array(z.string().min(1).max(POSTBACK_KEY_MAX)).max(16),
  /** Each protected lander's LP-protect key, by the lander's key in the bundle. */
  lpProtectKeys: z.record(z.string(), z.string().min(1).max(POSTBACK_KEY_MAX)),
});
export type BundleSecretValues = z.infer<typeof bundleSecretValuesSchema>;

async function keyFrom(passphrase: string, salt: Buffer, log2Cost: number): Promise<Buffer> {
  const cost = 2 ** log2Cost;
  // scrypt needs 128 * cost * blockSize bytes; Node refuses past `maxmem`, so it is set from the cost.
  return scrypt(passphrase.normalize('NFC'), salt, 32, {
    N: cost,
    r: 8,
    p: 1,
    maxmem: 256 * cost * 8,
  });
}

export async function sealSecrets(
  values: BundleSecretValues,
  passphrase: string,
  log2Cost = EXPORT_LOG2_COST,
): Promise<BundleSecrets> {
  const salt = crypto.randomBytes(16);
  const key = await keyFrom(passphrase, salt, log2Cost);
  return {
    kdf: 'scrypt',
    log2Cost,
    salt: salt.toString('base64url'),
    sealed: encrypt(key, JSON.stringify(values)),
  };
}

/** The secrets in clear; a wrong passphrase (or a changed byte) is a 400 on `passphrase`. */
export async function openSecrets(secrets: BundleSecrets, passphrase: string): Promise<BundleSecretValues> {
  const key = await keyFrom(passphrase, Buffer.from(secrets.salt, 'base64url'), secrets.log2Cost);
  let text: string;
  try {
    text = decrypt(key, secrets.sealed);
  } catch {
    throw validationError([
      {
        message: "This passphrase does not open the bundle's secrets",
        detail: { field: 'passphrase' },
      },
    ]);
  }
  const parsed = bundleSecretValuesSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw validationError([
      { message: "The bundle's secrets are not in a form Cairn reads", detail: { field: 'secrets' } },
    ]);
  }
  return parsed.data;
}
