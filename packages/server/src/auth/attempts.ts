import { MESSAGES } from '@cairn/contract';
import { HttpError } from '../http.ts';
import { FailureThrottle } from './throttle.ts';

/**
 * What a guess spends: `password` is every check of a password (sign-in, licence installation with
 * credentials, re-authentication before account-security changes); `two_factor` is the code step of a
 * sign-in, counted apart so that knowing the password never refills the budget for guessing codes.
 */
export type AttemptBudget = 'password' | 'two_factor';

export interface Attempt {
  /** The attempt was right: its reservation is taken back (earlier failures stay). */
  succeeded(): void;
  /** Frees the attempt's slot among the checks running at once; call it in `finally`. */
  done(): void;
}

export interface AttemptLimits {
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
  windowMs: number;
  now: () => number;
}

// Checks of one account (or from one IP) running at the same time. Each costs an argon2 hash (19 MiB, a
// few tens of ms); past these the caller is told to retry instead of queueing more work.
const MAX_CONCURRENT_PER_ACCOUNT = 2;
const MAX_CONCURRENT_PER_IP = 8;

const tooMany = (retryAfter: number): HttpError =>
  new HttpError(429, { message: MESSAGES.tooManyAttempts }, { 'retry-after': String(retryAfter) });

/**
 * Failure budgets per IP and per account. Each attempt is reserved as a failure before its first await, so
 * 40 parallel guesses meet the same budget as 40 sequential ones; a right answer forgives its own
 * reservation, and only a completed sign-in clears the account's earlier failures.
 */
export class SignInAttempts {
  private readonly ip: FailureThrottle;
  private readonly password: FailureThrottle;
  private readonly twoFactor: FailureThrottle;
  private readonly running = new Map<string, number>();
  private readonly now: () => number;

  constructor(limits: AttemptLimits) {
    this.ip = new FailureThrottle(limits.maxFailuresPerIp, limits.windowMs);
    this.password = new FailureThrottle(limits.maxFailuresPerAccount, limits.windowMs);
    this.twoFactor = new FailureThrottle(limits.maxFailuresPerAccount, limits.windowMs);
    this.now = limits.now;
  }

  /** Reserves an attempt for `login` from `ip`, or throws 429 when a budget or a concurrency limit is spent. */
  begin(ip: string, login: string, budget: AttemptBudget): Attempt {
    const now = this.now();
    const account = login.toLowerCase();
    const accountThrottle = budget === 'password' ? this.password : this.twoFactor;
    const retryAfter = Math.max(
      this.ip.retryAfterSeconds(ip, now),
      accountThrottle.retryAfterSeconds(account, now),
    );
    if (retryAfter > 0) throw tooMany(retryAfter);
    const slots = [`a:${budget}:${account}`, `i:${ip}`];
    const limits = [MAX_CONCURRENT_PER_ACCOUNT, MAX_CONCURRENT_PER_IP];
    if (slots.some((slot, n) => (this.running.get(slot) ?? 0) >= (limits[n] ?? 0))) throw tooMany(1);
    for (const slot of slots) this.running.set(slot, (this.running.get(slot) ?? 0) + 1);
    const ipAt = this.ip.reserve(ip, now);
    const accountAt = accountThrottle.reserve(account, now);
    let released = false;
    return {
      succeeded: () => {
        this.ip.forgive(ip, ipAt);
        accountThrottle.forgive(account, accountAt);
      },
      done: () => {
        if (released) return;
        released = true;
        for (const slot of slots) {
          const left = (this.running.get(slot) ?? 1) - 1;
          if (left > 0) this.running.set(slot, left);
          else this.running.delete(slot);
        }
      },
    };
  }

  /** A sign-in finished (password and, when on, the code): the account's failures are forgiven. */
  completed(login: string): void {
    this.password.reset(login.toLowerCase());
    this.twoFactor.reset(login.toLowerCase());
  }

  sweep(): void {
    const now = this.now();
    this.ip.sweep(now);
    this.password.sweep(now);
    this.twoFactor.sweep(now);
  }
}
