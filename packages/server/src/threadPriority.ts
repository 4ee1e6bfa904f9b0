import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

// Clicks are answered on the main thread. Two kinds of helper threads share its core:
// - Node's worker pool (libuv's threads), where the embedded stores do their work: the event flusher's
//   inserts, report queries, password hashing;
// - V8's platform workers, which mark the heap concurrently ahead of a full garbage collection and
//   compile hot functions with V8's optimizing compilers.
// At normal priority the scheduler hands a thread that has slept (as helpers mostly do) the core ahead
// of one that has been running, so a concurrent marking of a 100 MB heap took three quarters of the core
// from the main thread for 300 ms, and clicks waited up to half a second behind it (bench:click, one
// core). Nicer helpers run in the time the main thread leaves; events wait in the journal a moment
// longer, which is what it is for, and V8 finishes on the main thread what marking is left. At nice 10
// the scheduler still gave the pool about a tenth of a busy core, the flusher's inserts taking it from
// clicks during a burst (bench:click, alternating runs: 0.68-0.74x the bare server at 19, 0.61-0.64x at 10).
//
// Nice 19 is not enough for the tail: a helper the scheduler has picked keeps the core for its slice
// (about a millisecond) even when a click arrives meanwhile, so at 2,000 clicks/s the flusher's inserts
// and compression put 3-4 ms on the p99 (bench:click). SCHED_IDLE helpers give way the moment the main
// thread wakes: 0.8-1.2 ms. Node has no call for it, so util-linux's chrt sets it, thread by thread.
//
// V8's workers stop at nice 19 instead: they also compile the hot code (Maglev and TurboFan compile on
// them), and SCHED_IDLE, about 0.3% of a busy core, starved that. While clicks kept the core full the
// click path stayed in baseline and Maglev code for minutes (one 20 ms compile job took seconds, and
// there are dozens): a CPU profile of a burst spent 14% of its samples in Maglev code and 11% in
// TurboFan code, against 5% and 21% at nice 19, and a click cost 9% more CPU (bench:click, two servers
// alternating, 2026-12-01). Nice 19 gives them about 1.4% of a busy core, which finishes the compile
// jobs within a second or two of a burst's start and leaves marking to the main thread as before.

/** `idle`: SCHED_IDLE (nice 19 where chrt is missing or refused); a number: that niceness, 0 for none. */
export type HelperPriority = number | 'idle';

/** libuv names its pool threads so (/proc/<pid>/task/<tid>/comm). */
const POOL_THREAD = 'libuv-worker';
/** Node names its V8 platform threads so. */
const V8_THREAD = 'V8Worker';
/** The niceness V8's workers keep under `idle`: the least that still lets them compile under load. */
const V8_IDLE_NICE = 19;

/**
 * Lowers the priority of this process's helper threads (Linux; elsewhere a no-op) and answers how many
 * were changed. The pool starts with the first piece of pooled work, so call it after the stores have
 * opened.
 */
export function lowerBackgroundThreadPriority(priority: HelperPriority): number {
  const nice = priority === 'idle' ? 19 : priority;
  if (nice <= 0) return 0;
  let lowered = 0;
  for (const { task, name } of backgroundThreads()) {
    try {
      // setpriority(2) and sched_setscheduler(2) on a thread id change that thread alone.
      if (name === V8_THREAD) {
        os.setPriority(task, priority === 'idle' ? V8_IDLE_NICE : nice);
      } else {
        os.setPriority(task, nice);
        if (priority === 'idle') toIdlePolicy(task);
      }
      lowered += 1;
    } catch {
      // A thread that ended meanwhile, or a system that refuses: clicks still work, only without the edge.
    }
  }
  return lowered;
}

function toIdlePolicy(task: number): void {
  try {
    execFileSync('chrt', ['--idle', '--pid', '0', String(task)], { stdio: 'ignore', timeout: 5000 });
  } catch {
    // No chrt here: the thread keeps nice 19.
  }
}

/** This process's helper threads: their ids and names. */
export function backgroundThreads(): { task: number; name: string }[] {
  let tasks: string[];
  try {
    tasks = process.platform === 'linux' ? fs.readdirSync('/proc/self/task') : [];
  } catch {
    return [];
  }
  const threads: { task: number; name: string }[] = [];
  for (const task of tasks) {
    try {
      const name = fs.readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim();
      if (name === POOL_THREAD || name === V8_THREAD) threads.push({ task: Number(task), name });
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return threads;
}
