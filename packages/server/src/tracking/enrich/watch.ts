import { type FSWatcher, mkdirSync, unwatchFile, watch, watchFile } from 'node:fs';
import { join } from 'node:path';
import { UPDATE_STAMP } from './databases.ts';
import type { Enricher } from './types.ts';

// `cairn geo update` writes its stamp after the files; a running server reloads its databases when the
// stamp changes, so new data reaches the clicks without a restart. The directory watch answers at once;
// a slow stat poll covers file systems whose changes inotify does not see (network and some container
// mounts), where a second reload of the same files is harmless.

const POLL_MS = 10_000;
const SETTLE_MS = 100;

export interface GeoWatchOptions {
  dataDir: string;
  enricher: Enricher;
  onReload: () => void;
  onError: (error: unknown) => void;
}

/** Starts following `<dataDir>/geo/`; answers the function that stops it. */
export function watchGeoUpdates({ dataDir, enricher, onReload, onError }: GeoWatchOptions): () => void {
  const dir = join(dataDir, 'geo');
  const stamp = join(dir, UPDATE_STAMP);
  let timer: NodeJS.Timeout | null = null;
  let reloadedAt = Date.now();
  const schedule = () => {
    if (timer !== null) clearTimeout(timer);
    // The stamp is renamed into place; the few events one update raises make one reload.
    timer = setTimeout(() => {
      timer = null;
      reloadedAt = Date.now();
      enricher.reload().then(onReload, onError);
    }, SETTLE_MS);
    timer.unref();
  };
  let watcher: FSWatcher | null = null;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    watcher = watch(dir, { persistent: false }, (_event, name) => {
      if (name === UPDATE_STAMP) schedule();
    });
    watcher.on('error', onError);
  } catch (error) {
    onError(error);
  }
  watchFile(stamp, { interval: POLL_MS, persistent: false }, (current) => {
    // Called when the stamp's stat changed; a stamp the directory watch already reloaded for is done.
    if (current.mtimeMs > reloadedAt) schedule();
  });
  return () => {
    if (timer !== null) clearTimeout(timer);
    watcher?.close();
    unwatchFile(stamp);
  };
}
