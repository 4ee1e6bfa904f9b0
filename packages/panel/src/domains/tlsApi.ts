import {
  TLS_PATHS,
  type TlsDomain,
  type TlsDomainUpdate,
  type TlsIssueResponse,
  type TlsState,
  type TlsStatus,
  tlsDomainSchema,
  tlsIssueResponseSchema,
  tlsStatusSchema,
} from '@cairn/contract';
import type { BadgeTone } from '@cairn/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../app/hooks.ts';
import { useServices } from '../app/services.ts';
import type { ApiClient } from '../http/client.ts';

// HTTPS of the tracking domains as the server reports it (GET /api/tls, admins only): one query shared by
// the Domains list's column and the domain form, so both show the same state and one change refreshes both.

export const tlsQueryKey = ['tls'] as const;

export const TLS_STATE_LABELS: Record<TlsState, string> = {
  off: 'Off',
  pending: 'Waiting for a certificate',
  valid: 'Valid',
  expiring: 'Renewing soon',
  expired: 'Expired',
  failed: 'Failed',
};

export const TLS_STATE_TONES: Record<TlsState, BadgeTone> = {
  off: 'neutral',
  pending: 'info',
  valid: 'success',
  expiring: 'warning',
  expired: 'danger',
  failed: 'danger',
};

async function fetchTlsStatus(client: ApiClient): Promise<TlsStatus> {
  const result = await client.get(TLS_PATHS.status, { schema: tlsStatusSchema });
  if (result.status !== 'ok') throw new Error(result.message);
  return result.data;
}

/** The HTTPS state of every domain; disabled for users who are not admins (the API would refuse them). */
export function useTlsStatus() {
  const { client } = useServices();
  const user = useCurrentUser();
  const isAdmin = user !== undefined && user.role !== 'user';
  return useQuery({
    queryKey: tlsQueryKey,
    queryFn: () => fetchTlsStatus(client),
    enabled: isAdmin,
    // A certificate requested in the background changes state within seconds to minutes.
    refetchInterval: (query) =>
      query.state.data?.domains.some((domain) => domain.state === 'pending') ? 5_000 : false,
  });
}

const domainPath = (path: string, id: number) => path.replace(':id', String(id));

export function useTlsActions() {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: tlsQueryKey });
  return {
    async update(domainId: number, update: TlsDomainUpdate): Promise<TlsDomain> {
      const result = await client.put(domainPath(TLS_PATHS.domain, domainId), {
        json: update,
        schema: tlsDomainSchema,
      });
      await refresh();
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data;
    },
    async issue(domainId: number): Promise<TlsIssueResponse> {
      const result = await client.post(domainPath(TLS_PATHS.issue, domainId), {
        schema: tlsIssueResponseSchema,
      });
      await refresh();
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data;
    },
  };
}
