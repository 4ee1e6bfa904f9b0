import type { DuckDBConnection } from '@duckdb/node-api';

/** Rows in a full DuckDB row group (DuckDB's default row group size). */
export const ROW_GROUP_ROWS = 122_880;

/**
 * DuckDB's own checkpoint threshold, as a cap: with rows of bench:click's size a row group fills after
 * about 48 MB of write-ahead log, so this is only reached by rows several times larger.
 */
export const WAL_CAP = '128MB';

/**
 * Checkpoints events.duckdb once a full row group's rows were appended since the last checkpoint, not
 * every 16 MB of write-ahead log.
 *
 * A checkpoint writes the row groups rows were appended to since the one before, and the blocks a row
 * group rewritten leaves become free space that the file keeps until a later checkpoint fills it. DuckDB
 * checkpoints by itself every 16 MB of log, about 42,000 of bench:click's clicks, so a row group was written
 * several times on the way to full: 400,000 clicks appended 3,000 at a time (the flusher's batches) left
 * 87.8 bytes a click in the file, 36.7 of them free (2026-11-28).
 *
 * DuckDB 1.5 starts a new row group for the first append after a checkpoint rather than rewrite the last
 * one, and a later checkpoint merges small row groups next to each other into full ones. So the rows
 * appended since a checkpoint are row groups of their own, and checkpointing when they fill one writes it
 * once, leaving only the few rows past it in a small row group that the next merges are cheap for. The
 * rule this replaces (2026-11-28 to 2026-12-01) checkpointed when the rows crossed a multiple of
 * ROW_GROUP_ROWS counted from the file's first row: right for the layout before that DuckDB change, but
 * with it the row groups drifted off those multiples, checkpoints wrote them half full, and merges
 * rewrote several at once: 10-14 MB of free blocks in bench:click (17-24 bytes of its clicks' 90-112).
 * With this rule and appends that end at the row group (`rowsLeft`, which the flusher honours), 690,000
 * clicks in the flusher's pattern of live segments and 100,000-row catch-ups left 1 free block of 256 kB
 * against 10 with the old rule, 91 blocks in all against 104 (2026-12-01).
 *
 * The cost is a longer write-ahead log between checkpoints (about 48 MB of bench:click's clicks, which a
 * start after a crash replays in about a second) and those rows held in memory until they are written.
 * Every call runs inside the store's write queue.
 */
export class RowGroupCheckpoints {
  private readonly writer: DuckDBConnection;
  private appendedSince = 0;

  constructor(writer: DuckDBConnection) {
    this.writer = writer;
  }

  /** Rows an append may hold and still end at the row group the next checkpoint writes (at least 1). */
  get rowsLeft(): number {
    return Math.max(1, ROW_GROUP_ROWS - this.appendedSince);
  }

  /** Notes rows just committed to `events`, and checkpoints if they filled a row group. */
  async appended(rows: number): Promise<void> {
    this.appendedSince += rows;
    if (this.appendedSince < ROW_GROUP_ROWS) return;
    try {
      await this.checkpoint();
    } catch {
      // The rows are committed and in the write-ahead log, so the append succeeded: failing it would
      // make the flusher store them again. DuckDB checkpoints by itself at WAL_CAP; the next append
      // tries again.
    }
  }

  /** Checkpoints now (after a delete, say). */
  async checkpoint(): Promise<void> {
    await this.writer.run('CHECKPOINT');
    this.appendedSince = 0;
  }
}
