import type { Role } from '@cairn/contract';
import { type Sql, timestamp } from '../store/config/port.ts';
import { hashPassword } from './password.ts';
import type { Keys } from './secrets.ts';
import { decrypt, encrypt, hmac, randomToken } from './secrets.ts';

export interface User {
  id: number;
  login: string;
  role: Role;
  canCreateUsers: boolean;
  hideProfit: boolean;
  disabled: boolean;
  twoFactorEnabled: boolean;
  twoFactorPending: boolean;
}

interface UserRow extends Record<string, unknown> {
  id: number;
  login: string;
  password_hash: string;
  role: Role;
  can_create_users: boolean;
  hide_profit: boolean;
  disabled: boolean;
  totp_secret_enc: string | null;
  totp_pending_secret_enc: string | null;
  totp_last_step: number;
  auth_secret_enc: string;
}

export interface UserWithSecrets extends User {
  passwordHash: string;
  totpSecretEnc: string | null;
  totpPendingSecretEnc: string | null;
  totpLastStep: number;
  authSecretEnc: string;
}

const COLUMNS =
  'id, login, password_hash, role, can_create_users, hide_profit, disabled, totp_secret_enc, ' +
  'totp_pending_secret_enc, totp_last_step, auth_secret_enc';

function fromRow(row: UserRow): UserWithSecrets {
  return {
    id: row.id,
    login: row.login,
    role: row.role,
    canCreateUsers: row.can_create_users,
    hideProfit: row.hide_profit,
    disabled: row.disabled,
    twoFactorEnabled: row.totp_secret_enc !== null,
    twoFactorPending: row.totp_pending_secret_enc !== null,
    passwordHash: row.password_hash,
    totpSecretEnc: row.totp_secret_enc,
    totpPendingSecretEnc: row.totp_pending_secret_enc,
    totpLastStep: row.totp_last_step,
    authSecretEnc: row.auth_secret_enc,
  };
}

export function publicUser(user: UserWithSecrets): User {
  const {
    passwordHash: _hash,
    totpSecretEnc: _totp,
    totpPendingSecretEnc: _pending,
    totpLastStep: _step,
    authSecretEnc: _secret,
    ...rest
  } = user;
  return rest;
}

export class LoginTakenError extends Error {}

export interface NewUser {
  login: string;
  password: string;
  role: Role;
  canCreateUsers?: boolean;
  hideProfit?: boolean;
}

export class UserRepository {
  private readonly sql: Sql;
  private readonly keys: Keys;
  private readonly now: () => number;
  private readonly changed: (userId: number) => void;

  /** `changed` hears of every write to a user (after it), so caches of signed-in users can let go. */
  constructor(sql: Sql, keys: Keys, now: () => number, changed: (userId: number) => void = () => {}) {
    this.sql = sql;
    this.keys = keys;
    this.now = now;
    this.changed = changed;
  }

  async hasSuperAdmin(): Promise<boolean> {
    const rows = await this.sql.query("SELECT id FROM users WHERE role = 'super_admin' LIMIT 1");
    return rows.length > 0;
  }

  async findById(id: number): Promise<UserWithSecrets | null> {
    const rows = await this.sql.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async findByLogin(login: string): Promise<UserWithSecrets | null> {
    const rows = await this.sql.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE login = $1`, [login]);
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async findByAuthSecret(secret: string): Promise<UserWithSecrets | null> {
    const rows = await this.sql.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE auth_secret_hash = $1`, [
      hmac(this.keys.lookup, secret),
    ]);
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async create(user: NewUser): Promise<User> {
    if (await this.findByLogin(user.login)) throw new LoginTakenError(`The login "${user.login}" is taken`);
    const passwordHash = await hashPassword(user.password);
    const secret = randomToken();
    const at = timestamp(this.now());
    const rows = await this.sql.query<UserRow>(
      `INSERT INTO users (login, password_hash, role, can_create_users, hide_profit, disabled,
         auth_secret_enc, auth_secret_hash, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, FALSE, $6, $7, CAST($8 AS TIMESTAMPTZ), CAST($8 AS TIMESTAMPTZ))
       RETURNING ${COLUMNS}`,
      [
        user.login,
        passwordHash,
        user.role,
        user.canCreateUsers ?? user.role !== 'user',
        user.hideProfit ?? false,
        encrypt(this.keys.encryption, secret),
        hmac(this.keys.lookup, secret),
        at,
      ],
    );
    const row = rows[0];
    if (!row) throw new Error('INSERT ... RETURNING gave no row');
    return publicUser(fromRow(row));
  }

  async setPassword(id: number, password: string): Promise<void> {
    await this.sql.execute(
      'UPDATE users SET password_hash = $2, updated_at = CAST($3 AS TIMESTAMPTZ) WHERE id = $1',
      [id, await hashPassword(password), timestamp(this.now())],
    );
    this.changed(id);
  }

  authSecret(user: UserWithSecrets): string {
    return decrypt(this.keys.encryption, user.authSecretEnc);
  }

  async rotateAuthSecret(id: number): Promise<string> {
    const secret = randomToken();
    await this.sql.execute(
      'UPDATE users SET auth_secret_enc = $2, auth_secret_hash = $3, updated_at = CAST($4 AS TIMESTAMPTZ) WHERE id = $1',
      [id, encrypt(this.keys.encryption, secret), hmac(this.keys.lookup, secret), timestamp(this.now())],
    );
    this.changed(id);
    return secret;
  }

  totpSecret(user: UserWithSecrets): string | null {
    return user.totpSecretEnc === null ? null : decrypt(this.keys.encryption, user.totpSecretEnc);
  }

  totpPendingSecret(user: UserWithSecrets): string | null {
    return user.totpPendingSecretEnc === null
      ? null
      : decrypt(this.keys.encryption, user.totpPendingSecretEnc);
  }

  async setPendingTotpSecret(id: number, secret: string): Promise<void> {
    await this.sql.execute(
      'UPDATE users SET totp_pending_secret_enc = $2, updated_at = CAST($3 AS TIMESTAMPTZ) WHERE id = $1',
      [id, encrypt(this.keys.encryption, secret), timestamp(this.now())],
    );
    this.changed(id);
  }

  /** Turns the pending secret on and burns the step of the confirming code. */
  async confirmTotp(id: number, step: number): Promise<void> {
    await this.sql.execute(
      `UPDATE users SET totp_secret_enc = totp_pending_secret_enc, totp_pending_secret_enc = NULL,
         totp_last_step = $2, updated_at = CAST($3 AS TIMESTAMPTZ) WHERE id = $1`,
      [id, step, timestamp(this.now())],
    );
    this.changed(id);
  }

  async disableTotp(id: number): Promise<void> {
    await this.sql.execute(
      `UPDATE users SET totp_secret_enc = NULL, totp_pending_secret_enc = NULL, updated_at = CAST($2 AS TIMESTAMPTZ)
       WHERE id = $1`,
      [id, timestamp(this.now())],
    );
    this.changed(id);
  }

  /**
   * Records a used TOTP step; false when that step (or a later one) was already used, so two requests
   * racing with the same code cannot both succeed.
   */
  async useTotpStep(id: number, step: number): Promise<boolean> {
    const changed = await this.sql.execute(
      'UPDATE users SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2',
      [id, step],
    );
    if (changed === 1) this.changed(id);
    return changed === 1;
  }
}
