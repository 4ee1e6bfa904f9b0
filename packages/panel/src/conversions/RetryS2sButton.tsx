import {
  CONVERSION_API_PATHS,
  type DeliveryDestination,
  type S2sDelivery,
  s2sDeliverySchema,
} from '@cairn/contract';
import { Button } from '@cairn/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../app/hooks.ts';
import { useServices } from '../app/services.ts';
import { conversionsQueryRoot } from './api.ts';

// "Retry" next to a failing or failed S2S postback or ad platform event (`destination`), for admins (the
// only ones the API lets retry): the delivery is due again now; the views that show it are asked again
// so the new state shows.

/** Whether a delivery is worth retrying: failed for good, or failing with attempts behind it. */
export const canRetry = (s2s: Pick<S2sDelivery, 'state' | 'attempts'>) =>
  s2s.state === 'failed' || (s2s.state === 'pending' && s2s.attempts > 0);

export function RetryS2sButton({
  clickId,
  seq,
  s2s,
  destination = 's2s',
  label = 'Retry',
}: {
  clickId: string;
  seq: number;
  s2s: Pick<S2sDelivery, 'state' | 'attempts'>;
  destination?: DeliveryDestination;
  /** The button's accessible name, naming the destination where a conversion has several. */
  label?: string;
}) {
  const { client } = useServices();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: async () => {
      const path = CONVERSION_API_PATHS.retryS2s
        .replace(':clickId', encodeURIComponent(clickId))
        .replace(':seq', String(seq));
      const result = await client.post(path, {
        schema: s2sDeliverySchema,
        ...(destination === 's2s' ? {} : { query: { destination } }),
      });
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data;
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['click', clickId] }),
        queryClient.invalidateQueries({ queryKey: conversionsQueryRoot }),
      ]),
  });
  if (user === undefined || user.role === 'user' || !canRetry(s2s)) return null;
  return (
    <span>
      <Button
        size="sm"
        variant="outline"
        tone="neutral"
        loading={retry.isPending}
        disabled={retry.isSuccess}
        onClick={() => retry.mutate()}
        aria-label={label === 'Retry' ? undefined : retry.isSuccess ? `${label} queued` : label}
      >
        {retry.isSuccess ? 'Retry queued' : 'Retry'}
      </Button>
      {retry.isError && <span role="alert"> {retry.error.message}</span>}
    </span>
  );
}
