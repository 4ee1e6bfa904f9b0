// Decides when a node may have missed configuration changes. Every announced change bumps one shared
// counter in the same statement that sends its notification, and the notification carries the new value;
// PostgreSQL delivers notifications in commit order, and the counter's row lock makes commit order the
// counter's order. So a node that saw n and then gets n + 2 lost one, and a counter value that was already
// in the database a whole poll ago without its notification having arrived was lost too (its node died
// between committing and announcing, or the listening connection was down).

export type Received = 'next' | 'seen' | 'gap';

export class VersionTracker {
  private applied: number;
  private lastPolled: number | null = null;

  constructor(start: number) {
    this.applied = start;
  }

  /** The last version this node has every change up to. */
  get version(): number {
    return this.applied;
  }

  /** A notification carrying `version` arrived: the next one, one already covered, or one after a gap. */
  received(version: number): Received {
    if (version <= this.applied) return 'seen';
    const next = version === this.applied + 1;
    this.applied = version;
    return next ? 'next' : 'gap';
  }

  /**
   * The periodic read of the counter gave `version`; true when a resync is due: the value read one poll
   * ago is still ahead of what arrived, or the counter went backwards (a restored database).
   */
  polled(version: number): boolean {
    const previous = this.lastPolled;
    this.lastPolled = version;
    if (previous === null) return false;
    return previous > this.applied || version < previous;
  }

  /** A resync read `version` before reloading: everything up to it is in what it loads. */
  reset(version: number): void {
    this.applied = version;
    this.lastPolled = null;
  }
}
