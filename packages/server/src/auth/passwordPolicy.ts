import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@cairn/contract';

// One rule for every new password, whoever sets it (the API, `cairn user`, CAIRN_ADMIN_PASSWORD): long
// enough, not one of the 10,000 most common passwords (shipped with the server, never fetched), and not
// the login itself. Sign-in checks none of this: old passwords keep working until they are changed.

const LIST_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'common-passwords.txt');
let common: Set<string> | null = null;

function commonPasswords(): Set<string> {
  common ??= new Set(
    fs
      .readFileSync(LIST_FILE, 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.toLowerCase()),
  );
  return common;
}

/** Why `password` may not be set for `login`, or null when it may. */
export function passwordProblem(password: string, login: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password is at most ${PASSWORD_MAX_LENGTH} characters`;
  if (password.trim().toLowerCase() === login.trim().toLowerCase()) return 'Password must not be the login';
  if (commonPasswords().has(password.toLowerCase())) {
    return 'This password is one of the most common ones; choose another';
  }
  return null;
}
