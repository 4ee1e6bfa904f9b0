import { MESSAGES } from '@cairn/contract';
import { HttpError } from '../http.ts';
import type { ConfigStore } from '../store/config/port.ts';
import { FailureLedger, type Reservation } from './throttle.ts';

/**
 * What a guess spends: `password` is every check of a password (sign-in, licence installation with
 * credentials, re-authentication before account-security changes); `two_factor` is the code step of a
 * sign-in, counted apart so that knowing the password never refills the budget for guessing codes.
 */
export type AttemptBudget = 'password' | 'two_factor';

export interface Attempt {
  /** The attempt was right: its reservation is taken back (earlier failures stay). */
  succeeded(): Promise<void>;
  /** Frees the attempt's slot among the checks running at once; call it in `finally`. */
  done(): void;
}

export interface AttemptLimits {
  /** Failures of one account from all addresses: the cap a guesser with many addresses meets. */
  maxFailuresPerAccount: number;
  /** Failures of one account from one address: what locks a guesser out without locking out the owner. */
  maxFailuresPerAccountAndIp: number;
  maxFailuresPerIp: number;
  windowMs: number;
  now: () => number;
}

// Checks of one account (or from one IP) running at the same time on this node. Each costs an argon2
// hash (19 MiB, a few tens of ms) of this node's CPU; past these the caller is told to retry instead of
// queueing more work. The failure budgets themselves are the installation's (FailureLedger).
const MAX_CONCURRENT_PER_ACCOUNT = 2;
const MAX_CONCURRENT_PER_IP = 8;

const tooMany = (retryAfter: number): HttpError =>
  new HttpError(429, { message: MESSAGES.tooManyAttempts }, { 'retry-after': String(retryAfter) });

const accountKey = (budget: AttemptBudget, account: string) => `a:${budget}:${account}`;
// An address holds no space, so no two (address, account) pairs share a key.
const accountAndIpKey = (budget: AttemptBudget, account: string, ip: string) =>
  `ai:${budget}:${ip} ${account}`;

/**
 * Failure budgets per IP, per account and IP, and per account, shared by every node through the config
 * store. The account-and-IP budget is the small one: a guesser from one address locks only that address
 * out of the account, so the owner still signs in from theirs; the account's own budget is larger and
 * bounds guessers spread over many addresses. Each attempt is reserved as a failure before its check
 * runs, so 40 parallel guesses meet the same budget as 40 sequential ones, on one node or spread over
 * many; a right answer forgives its own reservation, and only a completed sign-in clears earlier failures.
 */
export class SignInAttempts {
  private readonly ledger: FailureLedger;
  private readonly limits: AttemptLimits;
  private readonly running = new Map<string, number>();

  constructor(store: ConfigStore, limits: AttemptLimits) {
    this.ledger = new FailureLedger(store, limits.windowMs);
    this.limits = limits;
  }

  /** Reserves an attempt for `login` from `ip`, or throws 429 when a budget or a concurrency limit is spent. */
  async begin(ip: string, login: string, budget: AttemptBudget): Promise<Attempt> {
    const account = login.toLowerCase();
    const slots = [`a:${budget}:${account}`, `i:${ip}`];
    const concurrent = [MAX_CONCURRENT_PER_ACCOUNT, MAX_CONCURRENT_PER_IP];
    if (slots.some((slot, n) => (this.running.get(slot) ?? 0) >= (concurrent[n] ?? 0))) throw tooMany(1);
    for (const slot of slots) this.running.set(slot, (this.running.get(slot) ?? 0) + 1);
    let released = false;
    const done = () => {
      if (released) return;
      released = true;
      for (const slot of slots) {
        const left = (this.running.get(slot) ?? 1) - 1;
        if (left > 0) this.running.set(slot, left);
        else this.running.delete(slot);
      }
    };
    let reservation: Reservation;
    try {
      reservation = await this.ledger.reserve(
        [
          { key: `i:${ip}`, max: this.limits.maxFailuresPerIp },
          { key: accountAndIpKey(budget, account, ip), max: this.limits.maxFailuresPerAccountAndIp },
          { key: accountKey(budget, account), max: this.limits.maxFailuresPerAccount },
        ],
        this.limits.now(),
      );
    } catch (error) {
      done();
      throw error;
    }
    if ('retryAfterSeconds' in reservation) {
      done();
      throw tooMany(reservation.retryAfterSeconds);
    }
    const { ids } = reservation;
    return { succeeded: () => this.ledger.forgive(ids), done };
  }

  /**
   * A sign-in from `ip` finished (password and, when on, the code): the account's failures, and those of
   * the account from this address, are forgiven; other addresses' stay, so a guesser is not let off.
   */
  completed(login: string, ip: string): Promise<void> {
    const account = login.toLowerCase();
    const budgets: AttemptBudget[] = ['password', 'two_factor'];
    return this.ledger.reset(
      budgets.flatMap((budget) => [accountKey(budget, account), accountAndIpKey(budget, account, ip)]),
    );
  }

  sweep(): Promise<void> {
    return this.ledger.sweep(this.limits.now());
  }
}
