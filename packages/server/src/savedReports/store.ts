import type { SavedReportState } from '@cairn/contract';
import type { Sql } from '../store/config/port.ts';
import { timestamp } from '../store/config/port.ts';

// The saved reports' table (migration 020): rows in and out, the state kept as the JSON the contract
// validated on the way in.

export interface SavedReportRecord {
  id: number;
  ownerId: number;
  ownerName: string;
  name: string;
  shared: boolean;
  state: SavedReportState;
  createdAt: Date;
  updatedAt: Date;
}

export interface SavedReportValues {
  name: string;
  shared: boolean;
  state: SavedReportState;
}

type Row = {
  id: number | bigint;
  owner_id: number | bigint;
  login: string | null;
  name: string;
  shared: boolean;
  state: string;
  created_at: Date;
  updated_at: Date;
};

const SELECT = `SELECT r.id, r.owner_id, u.login, r.name, r.shared, r.state, r.created_at, r.updated_at
  FROM saved_reports r LEFT JOIN users u ON u.id = r.owner_id`;

function recordOf(row: Row): SavedReportRecord {
  const ownerId = Number(row.owner_id);
  return {
    id: Number(row.id),
    ownerId,
    ownerName: row.login ?? `User #${ownerId}`,
    name: row.name,
    shared: row.shared,
    state: JSON.parse(row.state) as SavedReportState,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class SavedReportStore {
  private readonly sql: Sql;

  constructor(sql: Sql) {
    this.sql = sql;
  }

  /** The user's own reports and those others share, by name (own first where names tie). */
  async visibleTo(userId: number): Promise<SavedReportRecord[]> {
    const rows = await this.sql.query<Row>(
      `${SELECT} WHERE r.owner_id = $1 OR r.shared ORDER BY LOWER(r.name), (r.owner_id = $1) DESC, r.id`,
      [userId],
    );
    return rows.map(recordOf);
  }

  async find(id: number): Promise<SavedReportRecord | undefined> {
    const rows = await this.sql.query<Row>(`${SELECT} WHERE r.id = $1`, [id]);
    return rows[0] ? recordOf(rows[0]) : undefined;
  }

  /** Whether the owner has another report of this name, case aside ("Daily" and "daily" are one name). */
  async nameTaken(ownerId: number, name: string, exceptId: number | null): Promise<boolean> {
    const rows = await this.sql.query(
      'SELECT id FROM saved_reports WHERE owner_id = $1 AND LOWER(name) = LOWER($2) AND id <> $3',
      [ownerId, name, exceptId ?? 0],
    );
    return rows.length > 0;
  }

  async create(ownerId: number, values: SavedReportValues, at: number): Promise<number> {
    const rows = await this.sql.query<{ id: number | bigint }>(
      `INSERT INTO saved_reports (owner_id, name, shared, state, created_at, updated_at)
       VALUES ($1, $2, $3, $4, CAST($5 AS TIMESTAMPTZ), CAST($5 AS TIMESTAMPTZ)) RETURNING id`,
      [ownerId, values.name, values.shared, JSON.stringify(values.state), timestamp(at)],
    );
    return Number(rows[0]?.id);
  }

  async replace(id: number, values: SavedReportValues, at: number): Promise<void> {
    await this.sql.execute(
      `UPDATE saved_reports SET name = $2, shared = $3, state = $4, updated_at = CAST($5 AS TIMESTAMPTZ)
       WHERE id = $1`,
      [id, values.name, values.shared, JSON.stringify(values.state), timestamp(at)],
    );
  }

  async remove(id: number): Promise<void> {
    await this.sql.execute('DELETE FROM saved_reports WHERE id = $1', [id]);
  }
}
