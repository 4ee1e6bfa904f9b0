import { Button, ServerMessage, Skeleton } from '@cairn/ui';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useServices } from '../../app/services.ts';
import type { ApiClient, CallResult } from '../../http/client.ts';
import * as styles from '../../pages/pages.css.ts';

/**
 * A settings section's saved values, loaded once: a skeleton while they come, the server's message if
 * they cannot, then `children` with them. Forms are keyed by the values, so a save that changes them
 * (and refreshes the query) starts the form again from what was stored.
 */
export function SavedSettings<T>({
  queryKey,
  load,
  children,
}: {
  queryKey: QueryKey;
  load: (client: ApiClient, signal: AbortSignal) => Promise<CallResult<T>>;
  children: (saved: T) => ReactNode;
}) {
  const { client } = useServices();
  const query = useQuery({ queryKey, queryFn: ({ signal }) => load(client, signal) });
  const result = query.data;
  if (!result) return <Skeleton height={240} />;
  if (result.status !== 'ok') {
    return (
      <div role="alert" className={styles.message}>
        <ServerMessage message={result.message} />
      </div>
    );
  }
  return children(result.data);
}

/** A settings form's submit button on its own row, busy while the save is under way. */
export function SaveButton({ pending, label = 'Save' }: { pending: boolean; label?: string }) {
  return (
    <div>
      <Button type="submit" loading={pending}>
        {label}
      </Button>
    </div>
  );
}
