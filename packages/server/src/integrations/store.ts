import type {
  ConversionOut,
  ConversionOutInput,
  GoogleAdsCredentials,
  IntegrationAccount,
  IntegrationAccountInput,
  IntegrationAccountUpdate,
  IntegrationPlatform,
} from '@cairn/contract';
import {
  conversionOutInputSchema,
  DEFAULT_EVENT_NAMES,
  integrationAccountInputSchema,
  isConversionPlatform,
} from '@cairn/contract';
import { decrypt, encrypt } from '../auth/secrets.ts';
import type { Sql } from '../store/config/port.ts';

// The integration tables (migration 016): accounts with their token sealed by the installation's
// encryption key (opened only to call the platform), and each traffic source's conversions-out setting
// (a campaign's own, migration 019, takes its source's place).
// Google Ads' several credentials are sealed together as one JSON text in the token's place.

export interface AccountRecord {
  id: number;
  platform: IntegrationPlatform;
  name: string;
  sealedToken: string;
  checkState: IntegrationAccount['checkState'];
  checkedAt: number | null;
  checkError: string | null;
  createdAt: number;
  updatedAt: number;
}

/** What a conversions-out setting belongs to: a traffic source, or a campaign in its source's place. */
export type ConversionOutScope = 'traffic_source' | 'campaign';

const SCOPE_TABLES: Readonly<Record<ConversionOutScope, { table: string; key: string }>> = {
  traffic_source: { table: 'integration_conversions_out', key: 'traffic_source_id' },
  campaign: { table: 'integration_campaign_conversions_out', key: 'campaign_id' },
};

export interface ConversionOutRecord {
  scope: ConversionOutScope;
  /** The traffic source's or the campaign's id. */
  ownerId: number;
  accountId: number;
  pixelId: string;
  eventName: string;
  enabled: boolean;
  updatedAt: number;
}

type Row = Record<string, unknown>;
const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const iso = (ms: number) => new Date(ms).toISOString();

function accountOf(row: Row): AccountRecord {
  return {
    id: Number(row.id),
    platform: String(row.platform) as IntegrationPlatform,
    name: String(row.name),
    sealedToken: String(row.sealed_token),
    checkState: String(row.check_state) as AccountRecord['checkState'],
    checkedAt: num(row.checked_at),
    checkError: row.check_error === null || row.check_error === undefined ? null : String(row.check_error),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function conversionOutOf(scope: ConversionOutScope, row: Row): ConversionOutRecord {
  return {
    scope,
    ownerId: Number(row[SCOPE_TABLES[scope].key]),
    accountId: Number(row.account_id),
    pixelId: String(row.pixel_id),
    eventName: String(row.event_name),
    enabled: Boolean(row.enabled),
    updatedAt: Number(row.updated_at),
  };
}

/** An account as the API answers it: whether a token is stored, never the token. */
export function presentAccount(record: AccountRecord): IntegrationAccount {
  return {
    id: record.id,
    platform: record.platform,
    name: record.name,
    hasAccessToken: record.sealedToken !== '',
    checkState: record.checkState,
    checkedAt: record.checkedAt === null ? null : iso(record.checkedAt),
    checkError: record.checkError,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}

/** What is sealed for an account: the access token, or Google Ads' credentials as JSON. */
export function sealedSecretOf(
  platform: IntegrationPlatform,
  input: { accessToken?: string | undefined; googleAds?: GoogleAdsCredentials | undefined },
): string | undefined {
  if (platform === 'google_ads') {
    if (!input.googleAds) return undefined;
    const { loginCustomerId, ...rest } = input.googleAds;
    const digits = (value: string) => value.trim().replace(/-/g, '');
    return JSON.stringify({
      developerToken: rest.developerToken.trim(),
      clientId: rest.clientId.trim(),
      clientSecret: rest.clientSecret.trim(),
      refreshToken: rest.refreshToken.trim(),
      customerId: digits(rest.customerId),
      ...(loginCustomerId ? { loginCustomerId: digits(loginCustomerId) } : {}),
    });
  }
  return input.accessToken;
}

/** A setting as the API answers it, less the id of what it belongs to (which each route names). */
export function presentConversionOut(
  record: ConversionOutRecord,
  platform: IntegrationPlatform,
): Omit<ConversionOut, 'trafficSourceId'> {
  return {
    accountId: record.accountId,
    platform,
    pixelId: record.pixelId,
    eventName: record.eventName,
    enabled: record.enabled,
    updatedAt: iso(record.updatedAt),
  };
}

export class IntegrationStore {
  private readonly sql: Sql;
  private readonly key: Buffer;

  constructor(sql: Sql, key: Buffer) {
    this.sql = sql;
    this.key = key;
  }

  async accounts(): Promise<AccountRecord[]> {
    return (await this.sql.query<Row>('SELECT * FROM integration_accounts ORDER BY id')).map(accountOf);
  }

  async account(id: number): Promise<AccountRecord | null> {
    const [row] = await this.sql.query<Row>('SELECT * FROM integration_accounts WHERE id = $1', [id]);
    return row ? accountOf(row) : null;
  }

  /** The account's token, opened; null when the account is gone. */
  async token(id: number): Promise<{ platform: IntegrationPlatform; token: string } | null> {
    const found = await this.account(id);
    return found ? { platform: found.platform, token: decrypt(this.key, found.sealedToken) } : null;
  }

  async create(input: IntegrationAccountInput, now: number): Promise<number> {
    const parsed = integrationAccountInputSchema.parse(input);
    const [row] = await this.sql.query<{ id: unknown }>(
      `INSERT INTO integration_accounts (platform, name, sealed_token, check_state, created_at, updated_at)
       VALUES ($1, $2, $3, 'unchecked', $4, $4) RETURNING id`,
      [parsed.platform, parsed.name, encrypt(this.key, sealedSecretOf(parsed.platform, parsed) ?? ''), now],
    );
    return Number(row?.id);
  }

  /** New credentials reset the check: the last outcome was about the old ones. */
  async update(
    id: number,
    platform: IntegrationPlatform,
    input: IntegrationAccountUpdate,
    now: number,
  ): Promise<void> {
    const secret = sealedSecretOf(platform, input);
    if (secret === undefined) {
      await this.sql.execute('UPDATE integration_accounts SET name = $1, updated_at = $2 WHERE id = $3', [
        input.name,
        now,
        id,
      ]);
      return;
    }
    await this.sql.execute(
      `UPDATE integration_accounts SET name = $1, sealed_token = $2, check_state = 'unchecked',
              checked_at = NULL, check_error = NULL, updated_at = $3 WHERE id = $4`,
      [input.name, encrypt(this.key, secret), now, id],
    );
  }

  async recordCheck(id: number, ok: boolean, error: string | null, now: number): Promise<void> {
    await this.sql.execute(
      'UPDATE integration_accounts SET check_state = $1, checked_at = $2, check_error = $3 WHERE id = $4',
      [ok ? 'ok' : 'failed', now, error, id],
    );
  }

  async remove(id: number): Promise<void> {
    await this.sql.execute('DELETE FROM integration_accounts WHERE id = $1', [id]);
  }

  async conversionsOut(scope: ConversionOutScope): Promise<ConversionOutRecord[]> {
    const { table, key } = SCOPE_TABLES[scope];
    return (await this.sql.query<Row>(`SELECT * FROM ${table} ORDER BY ${key}`)).map((row) =>
      conversionOutOf(scope, row),
    );
  }

  async conversionOut(scope: ConversionOutScope, ownerId: number): Promise<ConversionOutRecord | null> {
    const { table, key } = SCOPE_TABLES[scope];
    const [row] = await this.sql.query<Row>(`SELECT * FROM ${table} WHERE ${key} = $1`, [ownerId]);
    return row ? conversionOutOf(scope, row) : null;
  }

  async setConversionOut(
    scope: ConversionOutScope,
    ownerId: number,
    input: ConversionOutInput,
    platform: IntegrationPlatform,
    now: number,
  ): Promise<void> {
    const parsed = conversionOutInputSchema.parse(input);
    if (!isConversionPlatform(platform)) throw new Error(`${platform} takes no conversions`);
    const eventName = parsed.eventName ?? DEFAULT_EVENT_NAMES[platform];
    const { table, key } = SCOPE_TABLES[scope];
    await this.sql.execute(
      `INSERT INTO ${table} (${key}, account_id, pixel_id, event_name, enabled, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (${key}) DO UPDATE SET account_id = excluded.account_id,
         pixel_id = excluded.pixel_id, event_name = excluded.event_name, enabled = excluded.enabled,
         updated_at = excluded.updated_at`,
      [ownerId, parsed.accountId, parsed.pixelId, eventName, parsed.enabled, now],
    );
  }

  async removeConversionOut(scope: ConversionOutScope, ownerId: number): Promise<void> {
    const { table, key } = SCOPE_TABLES[scope];
    await this.sql.execute(`DELETE FROM ${table} WHERE ${key} = $1`, [ownerId]);
  }
}
