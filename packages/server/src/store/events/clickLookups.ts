import type { TrackingEvent } from '../../events/event.ts';
import { CLICK_LOOKUP_WINDOW_MS } from './port.ts';

// Postbacks arrive many at a time, each naming one click, and a store read costs far more to start than
// to widen: so lookups are gathered and answered a batch per read. A lookup asked while the reads
// in flight fill every slot waits for the next batch (as a group commit waits for the next
// transaction); one asked while a slot is free goes at the next turn of the event loop, with whatever
// arrived in the same turn. Lookups of the same click share one answer.

export interface ClickLookup {
  clickId: string;
  /** The time the id carries (ms): the click is looked for within CLICK_LOOKUP_WINDOW_MS of it. */
  clickTime: number;
}

/**
 * Reads the click events (clicks only, no other kind) of these ids in one go. It may return a click
 * outside its lookup's window: the batcher keeps for each lookup only the click within its own.
 */
export type ReadClicks = (lookups: readonly ClickLookup[]) => Promise<readonly TrackingEvent[]>;

export interface ClickLookupsOptions {
  /** Lookups per read at most. */
  maxBatch?: number;
  /** Reads running at once at most. */
  maxReads?: number;
}

interface Waiting extends ClickLookup {
  key: string;
  resolve: (click: TrackingEvent | null) => void;
  reject: (error: unknown) => void;
}

export const inWindow = (click: TrackingEvent, clickTime: number): boolean =>
  click.time >= clickTime - CLICK_LOOKUP_WINDOW_MS && click.time <= clickTime + CLICK_LOOKUP_WINDOW_MS;

export class ClickLookups {
  private readonly read: ReadClicks;
  private readonly maxBatch: number;
  private readonly maxReads: number;
  private queue: Waiting[] = [];
  /** Lookups queued or being read, by click id and time: a repeat joins the first one's answer. */
  private readonly answers = new Map<string, Promise<TrackingEvent | null>>();
  private reading = 0;
  private scheduled = false;
  private batches = 0;

  constructor(read: ReadClicks, options: ClickLookupsOptions = {}) {
    this.read = read;
    this.maxBatch = options.maxBatch ?? 256;
    this.maxReads = options.maxReads ?? 1;
  }

  /** Reads made so far (each answering a batch of lookups). */
  get reads(): number {
    return this.batches;
  }

  find(clickId: string, clickTime: number): Promise<TrackingEvent | null> {
    const key = `${clickId}@${clickTime}`;
    const known = this.answers.get(key);
    if (known) return known;
    const answer = new Promise<TrackingEvent | null>((resolve, reject) => {
      this.queue.push({ key, clickId, clickTime, resolve, reject });
    });
    this.answers.set(key, answer);
    this.schedule();
    return answer;
  }

  private schedule(): void {
    if (this.scheduled || this.reading >= this.maxReads || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.reading < this.maxReads && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.reading += 1;
      this.batches += 1;
      this.answer(batch).finally(() => {
        this.reading -= 1;
        this.schedule();
      });
    }
  }

  private async answer(batch: Waiting[]): Promise<void> {
    let found: readonly TrackingEvent[];
    try {
      found = await this.read(batch);
    } catch (error) {
      for (const waiting of batch) {
        this.answers.delete(waiting.key);
        waiting.reject(error);
      }
      return;
    }
    const byId = new Map<string, TrackingEvent[]>();
    for (const click of found) {
      const list = byId.get(click.clickId);
      if (list) list.push(click);
      else byId.set(click.clickId, [click]);
    }
    for (const waiting of batch) {
      this.answers.delete(waiting.key);
      const click = byId.get(waiting.clickId)?.find((candidate) => inWindow(candidate, waiting.clickTime));
      waiting.resolve(click ?? null);
    }
  }
}
