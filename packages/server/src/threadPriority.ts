import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

// Clicks are answered on the main thread. Two kinds of helper threads share its core:
// - Node's worker pool (libuv's threads), where the embedded stores do their work: the event flusher's
//   inserts, report queries, password hashing;
// - V8's platform workers, which mark the heap concurrently ahead of a full garbage collection.
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

/** `idle`: SCHED_IDLE (nice 19 where chrt is missing or refused); a number: that niceness, 0 for none. */
export type HelperPriority = number | 'idle';

/** libuv names its pool threads so, Node its V8 platform threads so (/proc/<pid>/task/<tid>/comm). */
const BACKGROUND_THREAD_NAMES = new Set(['libuv-worker', 'V8Worker']);

/**
 * Lowers the priority of this process's helper threads (Linux; elsewhere a no-op) and answers how many
 * were changed. The pool starts with the first piece of pooled work, so call it after the stores have
 * opened.
 */
export function lowerBackgroundThreadPriority(priority: HelperPriority): number {
  const nice = priority === 'idle' ? 19 : priority;
  if (nice <= 0) return 0;
  let lowered = 0;
  for (const task of backgroundThreads()) {
    try {
      // setpriority(2) and sched_setscheduler(2) on a thread id change that thread alone.
      os.setPriority(task, nice);
      if (priority === 'idle') toIdlePolicy(task);
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

/** The ids of this process's helper threads. */
export function backgroundThreads(): number[] {
  let tasks: string[];
  try {
    tasks = process.platform === 'linux' ? fs.readdirSync('/proc/self/task') : [];
  } catch {
    return [];
  }
  return tasks
    .filter((task) => {
      try {
        return BACKGROUND_THREAD_NAMES.has(fs.readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim());
      } catch {
        return false;
      }
    })
    .map(Number);
}
