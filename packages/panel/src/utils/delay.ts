// A pause for developer tools (the clicker spacing test clicks) and for letting a UI settle.

export const defaultDelayMs = 500;
export const randomDelayRangeMs = { min: 1000, max: 3000 } as const;

export type DelaySpec = number | 'random';

export function delayMs(spec: DelaySpec = defaultDelayMs, random: () => number = Math.random): number {
  if (spec === 'random') {
    const { min, max } = randomDelayRangeMs;
    return Math.round(min + random() * (max - min));
  }
  return Math.max(0, spec);
}

/** Resolves after the delay (500 ms by default, 1-3 s for 'random'); rejects with the reason on abort. */
export function delay(spec: DelaySpec = defaultDelayMs, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, delayMs(spec));
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
