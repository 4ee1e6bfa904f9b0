import crypto from 'node:crypto';

// OWASP's argon2id baseline (m=19 MiB, t=2, p=1). Stored in the PHC string format so parameters can be
// raised later and old hashes still verify with the parameters they were made with.
const PARAMS = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 } as const;
const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function b64(buffer: Buffer): string {
  return buffer.toString('base64').replace(/=+$/, '');
}

function derive(
  password: string,
  nonce: Buffer,
  params: { memory: number; passes: number; parallelism: number; tagLength: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.argon2('argon2id', { message: password, nonce, ...params }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const nonce = crypto.randomBytes(16);
  const key = await derive(password, nonce, PARAMS);
  return `$argon2id$v=19$m=${PARAMS.memory},t=${PARAMS.passes},p=${PARAMS.parallelism}$${b64(nonce)}$${b64(key)}`;
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const match = PHC.exec(encoded);
  if (!match) return false;
  const [, m, t, p, salt, hash] = match;
  const expected = Buffer.from(hash ?? '', 'base64');
  const actual = await derive(password, Buffer.from(salt ?? '', 'base64'), {
    memory: Number(m),
    passes: Number(t),
    parallelism: Number(p),
    tagLength: expected.length,
  });
  return crypto.timingSafeEqual(actual, expected);
}

// Verifying against this when the login does not exist costs the same time as a real check, so response
// timing does not reveal which logins exist.
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
}

export function generatePassword(): string {
  return crypto.randomBytes(18).toString('base64url');
}
