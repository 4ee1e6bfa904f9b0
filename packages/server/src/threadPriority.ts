import fs from 'node:fs';
import os from 'node:os';

// Node's worker pool (libuv's threads) is where the embedded stores do their work: the event flusher's
// inserts, report queries, password hashing. Clicks are answered on the main thread. Under a burst
// that fills a core, a nicer worker pool lets clicks keep the CPU while event inserts wait a moment
// in the journal (which is what it is for) and catch up when the burst passes.

/** libuv names its pool threads so; Linux shows a thread's name in /proc/<pid>/task/<tid>/comm. */
const POOL_THREAD_NAME = 'libuv-worker';

/**
 * Sets the niceness of this process's worker-pool threads (Linux; elsewhere a no-op) and answers how
 * many were changed. The pool starts with the first piece of pooled work, so call it after the stores
 * have opened.
 */
export function lowerWorkerPoolPriority(nice: number): number {
  if (nice <= 0) return 0;
  let lowered = 0;
  for (const task of workerPoolThreads()) {
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

/** The ids of this process's worker-pool threads. */
export function workerPoolThreads(): number[] {
  let tasks: string[];
  try {
    tasks = process.platform === 'linux' ? fs.readdirSync('/proc/self/task') : [];
  } catch {
    return [];
  }
  return tasks
    .filter((task) => {
      try {
        return fs.readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim() === POOL_THREAD_NAME;
      } catch {
        return false;
      }
    })
    .map(Number);
}
