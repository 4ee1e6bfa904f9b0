import { Button, Card } from '@cairn/ui';
import { ChunkLoadError } from './chunks.ts';
import * as styles from './LoadFailure.css.ts';

/**
 * Shown instead of a page whose navigation failed, most often because its chunk did not load. Only a
 * reload helps then: it fetches the current build, whose files the server has.
 */
export function LoadFailure({ error, onReload }: { error: unknown; onReload: () => void }) {
  const missingChunk = error instanceof ChunkLoadError;
  return (
    <div className={styles.shell}>
      <Card className={styles.card} title="This page could not be loaded">
        <div className={styles.stack}>
          <p role="alert" className={styles.text}>
            {missingChunk
              ? 'Part of the panel did not arrive. Cairn may have been updated since this tab was opened, or the connection dropped: reload to get the current version.'
              : 'Something went wrong while opening this page. Reloading the panel usually helps.'}
          </p>
          <div>
            <Button onClick={onReload}>Reload</Button>
          </div>
        </div>
      </Card>
    </div>
  );
}
