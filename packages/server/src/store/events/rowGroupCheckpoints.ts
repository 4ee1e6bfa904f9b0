import type { DuckDBConnection } from '@duckdb/node-api';

/** Rows in a full DuckDB row group (DuckDB's default row group size). */
export const ROW_GROUP_ROWS = 122_880;

/**
 * DuckDB's own checkpoint threshold, as a cap: with rows of bench:click's size a row group fills after
 * about 48 MB of write-ahead log, so this is only reached by rows several times larger.
 */
export const WAL_CAP = '128MB';

/**
 * Checkpoints events.duckdb when its rows reach a row-group boundary, not every 16 MB of write-ahead log.
 *
 * A checkpoint rewrites a row group that rows were appended to since the one before, and the blocks it
 * leaves become free space that the file keeps. DuckDB checkpoints by itself every 16 MB of log, about
 * 42,000 of bench:click's clicks, so a row group was written several times on the way to full: 400,000
 * clicks appended 3,000 at a time (the flusher's batches) left 87.8 bytes a click in the file, 36.7 of them
 * free, and 2M clicks 56.4 (7.2 free: the free part rises and falls with where the last checkpoints fell).
 * Checkpointing once the rows cross a multiple of ROW_GROUP_ROWS, counted from the file's first row as
 * DuckDB's checkpoint lays out full row groups, writes each row group about once: 51.1 bytes a click (0.7
 * free) at 400,000 and 48.2 (0.3) at 2M, and storing the 2M took 49 s instead of 71 (2026-11-28).
 * Large appends, the flusher catching up on a burst's backlog 100,000 rows at a time, still get row
 * groups of their own that a later checkpoint merges, and leave some free space (0-18 MB in bench:click).
 *
 * The cost is a longer write-ahead log between checkpoints (about 48 MB of bench:click's clicks, which a
 * start after a crash replays in about a second) and those rows held in memory until they are written.
 * Every call runs inside the store's write queue.
 */
export class RowGroupCheckpoints {
  private readonly writer: DuckDBConnection;
  /** Rows in the file, deleted ones included, as of the last checkpoint; null until read. */
  private rowsAtCheckpoint: number | null = null;
  private appendedSince = 0;

  constructor(writer: DuckDBConnection) {
    this.writer = writer;
  }

  /** Notes rows just committed to `events`, and checkpoints if they filled a row group. */
  async appended(rows: number): Promise<void> {
    this.appendedSince += rows;
    try {
      // Read at the first append rather than at open, so the start-up never waits for it.
      this.rowsAtCheckpoint ??= (await this.rowsInFile()) - this.appendedSince;
      const filled =
        Math.floor((this.rowsAtCheckpoint + this.appendedSince) / ROW_GROUP_ROWS) >
        Math.floor(this.rowsAtCheckpoint / ROW_GROUP_ROWS);
      if (filled) await this.checkpoint();
    } catch {
      // The rows are committed and in the write-ahead log, so the append succeeded: failing it would
      // make the flusher store them again. DuckDB checkpoints by itself at WAL_CAP; the count is read
      // afresh next time.
      this.rowsAtCheckpoint = null;
      this.appendedSince = 0;
    }
  }

  /** Checkpoints now (after a delete, say), and notes the rows it left in the file. */
  async checkpoint(): Promise<void> {
    await this.writer.run('CHECKPOINT');
    this.appendedSince = 0;
    this.rowsAtCheckpoint = await this.rowsInFile();
  }

  private async rowsInFile(): Promise<number> {
    // Row ids are positions, deleted rows included until a checkpoint merges their row groups. DuckDB
    // starts a new row group for some commits and merges them at a checkpoint into full ones counted
    // from the first row, so a row group ends at a multiple of ROW_GROUP_ROWS of these.
    const reader = await this.writer.runAndReadAll('SELECT max(rowid) AS last FROM events');
    const last = reader.getRowObjectsJS()[0]?.last;
    return last === null || last === undefined ? 0 : Number(last) + 1;
  }
}
