import {
  type TriggerAction,
  type TriggerActionInput,
  type TriggerFiring,
  type TriggerInput,
  type TriggerRun,
  triggerActionInputSchema,
} from '@cairn/contract';
import { decrypt, encrypt } from '../auth/secrets.ts';
import { validationError } from '../http.ts';
import type { Sql } from '../store/config/port.ts';
import type { TriggerRule } from './evaluate.ts';

// The triggers' tables (migration 013): rows in and out, channel secrets sealed with the installation's
// encryption key on the way in and only opened when a notification is sent.

/** An action as stored: a notify action's secret (URL, bot token, SMTP password) sealed in `sealed`. */
export type StoredAction = (
  | Omit<Extract<TriggerActionInput, { type: 'webhook' | 'slack' }>, 'url'>
  | Omit<Extract<TriggerActionInput, { type: 'telegram' }>, 'botToken'>
  | Omit<Extract<TriggerActionInput, { type: 'email' }>, 'password'>
  | Exclude<TriggerActionInput, { type: 'webhook' | 'slack' | 'telegram' | 'email' }>
) & { sealed?: string };

export interface TriggerRecord {
  id: number;
  name: string;
  enabled: boolean;
  dryRun: boolean;
  rule: TriggerRule;
  actions: StoredAction[];
  createdBy: number;
  createdAt: number;
  updatedAt: number;
  lastCheckedAt: number | null;
  lastFiredAt: number | null;
  channelError: string | null;
}

type TriggerRow = {
  id: number | bigint;
  name: string;
  enabled: boolean;
  dry_run: boolean;
  rule: string;
  actions: string;
  created_by: number | bigint;
  created_at: number | bigint;
  updated_at: number | bigint;
  last_checked_at: number | bigint | null;
  last_fired_at: number | bigint | null;
  channel_error: string | null;
};

const num = (value: number | bigint | null): number | null => (value === null ? null : Number(value));

function recordOf(row: TriggerRow): TriggerRecord {
  return {
    id: Number(row.id),
    name: row.name,
    enabled: row.enabled,
    dryRun: row.dry_run,
    rule: JSON.parse(row.rule) as TriggerRule,
    actions: JSON.parse(row.actions) as StoredAction[],
    createdBy: Number(row.created_by),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    lastCheckedAt: num(row.last_checked_at),
    lastFiredAt: num(row.last_fired_at),
    channelError: row.channel_error,
  };
}

/** The action with its secret taken out and sealed; a left-out secret is kept from `previous`. */
function sealAction(
  key: Buffer,
  action: TriggerActionInput,
  previous: StoredAction | undefined,
  index: number,
): StoredAction {
  const kept = previous?.type === action.type ? previous.sealed : undefined;
  const sealedOr = (secret: string | undefined, field: string, optional = false): string => {
    if (secret !== undefined) return encrypt(key, secret);
    if (kept !== undefined) return kept;
    if (optional) return encrypt(key, '');
    throw validationError([{ message: 'Required', detail: { field: `actions.${index}.${field}` } }]);
  };
  switch (action.type) {
    case 'webhook':
    case 'slack': {
      const { url, ...rest } = action;
      return { ...rest, sealed: sealedOr(url, 'url') };
    }
    case 'telegram': {
      const { botToken, ...rest } = action;
      return { ...rest, sealed: sealedOr(botToken, 'botToken') };
    }
    case 'email': {
      const { password, ...rest } = action;
      return { ...rest, sealed: sealedOr(password, 'password', true) };
    }
    default:
      return action;
  }
}

/** The secret of a stored notify action, opened for sending. */
export function openSecret(key: Buffer, action: StoredAction): string {
  return action.sealed === undefined ? '' : decrypt(key, action.sealed);
}

/** What answers show of a stored action: never its secret. */
export function presentAction(action: StoredAction): TriggerAction {
  const { sealed, ...rest } = action;
  if (rest.type === 'webhook' || rest.type === 'slack' || rest.type === 'telegram' || rest.type === 'email') {
    return { ...rest, secretSet: sealed !== undefined } as TriggerAction;
  }
  return rest as TriggerAction;
}

// Validated again on the way out, so a stored action from an older shape cannot reach the runner unchecked.
export function parseStoredAction(action: StoredAction): StoredAction | null {
  const { sealed, ...rest } = action;
  const result = triggerActionInputSchema.safeParse(rest);
  return result.success ? { ...result.data, ...(sealed ? { sealed } : {}) } : null;
}

const COLUMNS =
  'id, name, enabled, dry_run, rule, actions, created_by, created_at, updated_at, last_checked_at, last_fired_at, channel_error';

export class TriggerStore {
  private readonly sql: Sql;
  private readonly key: Buffer;

  constructor(sql: Sql, key: Buffer) {
    this.sql = sql;
    this.key = key;
  }

  async list(): Promise<TriggerRecord[]> {
    const rows = await this.sql.query<TriggerRow>(`SELECT ${COLUMNS} FROM triggers ORDER BY id`);
    return rows.map(recordOf);
  }

  async find(id: number): Promise<TriggerRecord | null> {
    const rows = await this.sql.query<TriggerRow>(`SELECT ${COLUMNS} FROM triggers WHERE id = $1`, [id]);
    return rows[0] ? recordOf(rows[0]) : null;
  }

  private split(input: TriggerInput, previous: TriggerRecord | null) {
    const { name, enabled, dryRun, actions, ...rule } = input;
    const sealed = actions.map((action, index) =>
      sealAction(this.key, action, previous?.actions[index], index),
    );
    return { name, enabled, dryRun, rule: JSON.stringify(rule), actions: JSON.stringify(sealed) };
  }

  async create(input: TriggerInput, userId: number, now: number): Promise<number> {
    const parts = this.split(input, null);
    const rows = await this.sql.query<{ id: number | bigint }>(
      `INSERT INTO triggers (name, enabled, dry_run, rule, actions, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
      [parts.name, parts.enabled, parts.dryRun, parts.rule, parts.actions, userId, now],
    );
    return Number(rows[0]?.id);
  }

  async replace(previous: TriggerRecord, input: TriggerInput, now: number): Promise<void> {
    const parts = this.split(input, previous);
    await this.sql.execute(
      `UPDATE triggers SET name = $1, enabled = $2, dry_run = $3, rule = $4, actions = $5, updated_at = $6
       WHERE id = $7`,
      [parts.name, parts.enabled, parts.dryRun, parts.rule, parts.actions, now, previous.id],
    );
  }

  async remove(id: number): Promise<void> {
    await this.sql.execute('DELETE FROM trigger_runs WHERE trigger_id = $1', [id]);
    await this.sql.execute('DELETE FROM trigger_cooldowns WHERE trigger_id = $1', [id]);
    await this.sql.execute('DELETE FROM triggers WHERE id = $1', [id]);
  }

  async lastFired(id: number): Promise<Map<string, number>> {
    const rows = await this.sql.query<{ item_key: string; fired_at: number | bigint }>(
      'SELECT item_key, fired_at FROM trigger_cooldowns WHERE trigger_id = $1',
      [id],
    );
    return new Map(rows.map((row) => [row.item_key, Number(row.fired_at)]));
  }

  /** Records a check: its run, the cool-downs of what fired, and the trigger's last check and firing. */
  async recordRun(
    trigger: TriggerRecord,
    at: number,
    run: Omit<TriggerRun, 'id' | 'at'>,
    channelError: string | null | undefined,
  ): Promise<number> {
    const { outcome, dryRun, ...details } = run;
    const rows = await this.sql.query<{ id: number | bigint }>(
      `INSERT INTO trigger_runs (trigger_id, run_at, outcome, dry_run, details) VALUES ($1, $2, $3, $4, $5)
       RETURNING id`,
      [trigger.id, at, outcome, dryRun, JSON.stringify(details)],
    );
    for (const firing of run.firings) {
      await this.sql.execute('DELETE FROM trigger_cooldowns WHERE trigger_id = $1 AND item_key = $2', [
        trigger.id,
        firing.key,
      ]);
      await this.sql.execute(
        'INSERT INTO trigger_cooldowns (trigger_id, item_key, fired_at) VALUES ($1, $2, $3)',
        [trigger.id, firing.key, at],
      );
    }
    const fired = run.firings.length > 0 ? at : trigger.lastFiredAt;
    // undefined: no channel was tried, so the last channel failure stands.
    const error = channelError === undefined ? trigger.channelError : channelError;
    await this.sql.execute(
      'UPDATE triggers SET last_checked_at = $1, last_fired_at = $2, channel_error = $3 WHERE id = $4',
      [at, fired, error, trigger.id],
    );
    return Number(rows[0]?.id);
  }

  async runs(id: number, limit: number): Promise<TriggerRun[]> {
    const rows = await this.sql.query<{
      id: number | bigint;
      run_at: number | bigint;
      outcome: TriggerRun['outcome'];
      dry_run: boolean;
      details: string;
    }>(
      'SELECT id, run_at, outcome, dry_run, details FROM trigger_runs WHERE trigger_id = $1 ORDER BY run_at DESC, id DESC LIMIT $2',
      [id, limit],
    );
    return rows.map((row) => {
      const details = JSON.parse(row.details) as {
        checked: number;
        skippedMinimum: number;
        skippedCooldown: number;
        firings: TriggerFiring[];
        errors: string[];
      };
      return {
        id: Number(row.id),
        at: new Date(Number(row.run_at)).toISOString(),
        outcome: row.outcome,
        dryRun: row.dry_run,
        ...details,
      };
    });
  }

  /** Triggers whose last notification failed, for /monitor. */
  async failingChannels(): Promise<{ id: number; name: string; error: string }[]> {
    const rows = await this.sql.query<{ id: number | bigint; name: string; channel_error: string }>(
      'SELECT id, name, channel_error FROM triggers WHERE channel_error IS NOT NULL ORDER BY id',
    );
    return rows.map((row) => ({ id: Number(row.id), name: row.name, error: row.channel_error }));
  }
}
