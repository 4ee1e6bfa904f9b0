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
// longer, which is what it is for, and V8 finishes on the main thread what marking is left.

/** libuv names its pool threads so, Node its V8 platform threads so (/proc/<pid>/task/<tid>/comm). */
const BACKGROUND_THREAD_NAMES = new Set(['libuv-worker', 'V8Worker']);

/**
 * Sets the niceness of this process's helper threads (Linux; elsewhere a no-op) and answers how many
 * were changed. The pool starts with the first piece of pooled work, so call it after the stores have
 * opened.
 */
export function lowerBackgroundThreadPriority(nice: number): number {
  if (nice <= 0) return 0;
  let lowered = 0;
  for (const task of backgroundThreads()) {
    try {
      // setpriority(2) on a thread id changes that thread alone.
      os.setPriority(task, nice);
      lowered += 1;
    } catch {
      // A thread that ended meanwhile, or a system that refuses: clicks still work, only without the edge.
    }
  }
  return lowered;
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
