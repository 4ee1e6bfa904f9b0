/**
 * Runs `work` when asked, one run at a time: asked while a run is going, it runs once more after that run,
 * however many times it was asked meanwhile, and every ask's promise settles only once a run begun after
 * the ask has ended. For reloading state that others change: reads started side by side can finish in any
 * order, and a read begun before the latest change must not land after the read that saw it.
 */
export class Rerun {
  private readonly work: () => Promise<void>;
  private running: Promise<void> | null = null;
  private due = false;

  constructor(work: () => Promise<void>) {
    this.work = work;
  }

  request(): Promise<void> {
    this.due = true;
    // Cleared in `.finally`, which runs after the assignment even when the loop has nothing to wait for.
    this.running ??= this.runWhileDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runWhileDue(): Promise<void> {
    while (this.due) {
      this.due = false;
      await this.work();
    }
  }
}
