import { POSTBACK_PARAMS } from '@cairn/contract';
import type { Logger } from 'pino';
import type { LogEntry } from './store.ts';

// What a refused postback leaves in the postback log. Refusals are what unauthenticated traffic brings,
// so each outcome has its own small budget a second (a flood of one kind cannot crowd out the entries
// that tell an operator why a network's postbacks fail), the query is kept as a short prefix, and the
// postback key never reaches the log, which every panel user with conversion access reads.

/** Log entries a second per refusal outcome; the overflow is counted in the server log. */
export const REFUSED_LOG_PER_SECOND = 20;
/** Characters of a refused postback's query kept in the log. */
export const REFUSED_QUERY_MAX = 256;

const KEY_NAMES = new Set<string>(POSTBACK_PARAMS.key);

/** The query as logged: the postback key's value masked, so the log never hands it out. */
export function maskPostbackKey(raw: string): string {
  if (!raw.includes('key')) return raw;
  let masked = false;
  const parts = raw.split('&').map((part) => {
    const eq = part.indexOf('=');
    if (eq <= 0 || !KEY_NAMES.has(part.slice(0, eq))) return part;
    masked = true;
    return `${part.slice(0, eq)}=***`;
  });
  // A JSON body (POST) carries the key as "key":"..."
  const text = masked ? parts.join('&') : raw;
  return text.replace(/("key"\s*:\s*)"[^"]*"/g, '$1"***"');
}

export class RefusalLog {
  private readonly logger: Pick<Logger, 'warn'>;
  private second = 0;
  private readonly counts = new Map<LogEntry['outcome'], number>();
  private unlogged = 0;

  constructor(logger: Pick<Logger, 'warn'>) {
    this.logger = logger;
  }

  /** Whether a refusal of this outcome at `now` gets a log entry. */
  mayLog(outcome: LogEntry['outcome'], now: number): boolean {
    const second = Math.floor(now / 1000);
    if (second !== this.second) {
      if (this.unlogged > 0) {
        this.logger.warn({ refused: this.unlogged }, 'refused postbacks left out of the postback log');
      }
      this.second = second;
      this.counts.clear();
      this.unlogged = 0;
    }
    const count = (this.counts.get(outcome) ?? 0) + 1;
    this.counts.set(outcome, count);
    if (count <= REFUSED_LOG_PER_SECOND) return true;
    this.unlogged += 1;
    return false;
  }
}
