import { entityPath, type ReportDimension } from '@cairn/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { z } from 'zod';
import { useServices } from '../../app/services.ts';
import type { ApiClient } from '../../http/client.ts';
import {
  type ScopeTokens,
  scopeTokensSnapshot,
  setScopeTokens,
  sourceTokenLabel,
  subscribeScopeTokens,
} from '../dimensions.ts';

// The traffic source a report is about, read from its address: `/report/traffic-source/2` is source 2,
// `/report/campaign/3` the source campaign 3 buys from. Its token names label the groupings, columns and
// filters ("Zone (t1)"), and only the slots it defines are offered. Several subjects, or a campaign
// without a source, leave every slot under its plain name.

const sourceSchema = z.object({
  tokens: z.array(z.object({ parameter: z.string(), name: z.string() })),
});
const campaignSchema = z.object({ trafficSourceId: z.number().nullable() });

const REPORT_ADDRESS = /^\/report\/(?:leads\/)?(campaign|traffic-source)\/(\d+)\/?$/;

/** The one source a report address is scoped to, as what to read: a source's id, or a campaign's. */
export function scopeOfPath(path: string): { type: 'campaign' | 'traffic-source'; id: number } | undefined {
  const match = REPORT_ADDRESS.exec(path);
  if (!match) return undefined;
  return { type: match[1] as 'campaign' | 'traffic-source', id: Number(match[2]) };
}

export function tokensOfSource(tokens: readonly { parameter: string; name: string }[]): ScopeTokens {
  return new Map(
    tokens.map((token, index): [ReportDimension, string] => [
      `token_${index + 1}` as ReportDimension,
      sourceTokenLabel(index + 1, token.name, token.parameter),
    ]),
  );
}

async function loadScopeTokens(
  client: ApiClient,
  scope: { type: 'campaign' | 'traffic-source'; id: number },
  signal: AbortSignal,
): Promise<ScopeTokens> {
  let sourceId = scope.id;
  if (scope.type === 'campaign') {
    const campaign = await client.get(entityPath.item('campaign', scope.id), {
      schema: campaignSchema,
      signal,
    });
    if (campaign.status !== 'ok' || campaign.data.trafficSourceId === null) return null;
    sourceId = campaign.data.trafficSourceId;
  }
  const source = await client.get(entityPath.item('traffic_source', sourceId), {
    schema: sourceSchema,
    signal,
  });
  return source.status === 'ok' ? tokensOfSource(source.data.tokens) : null;
}

/** The token names in scope on this page; every part of the toolbar reads the same ones. */
export function useScopeTokens(): ScopeTokens {
  const { client } = useServices();
  const [path] = useLocation();
  const scope = scopeOfPath(path);
  const tokens = useQuery({
    queryKey: ['reports', 'scope-tokens', scope?.type, scope?.id],
    queryFn: ({ signal }) => (scope ? loadScopeTokens(client, scope, signal) : null),
    enabled: scope !== undefined,
    staleTime: 60_000,
  });
  const found = scope ? (tokens.data ?? null) : null;
  useEffect(() => {
    setScopeTokens(found);
  }, [found]);
  // Leaving the page leaves no names behind for a page about something else.
  useEffect(() => () => setScopeTokens(null), []);
  return useSyncExternalStore(subscribeScopeTokens, scopeTokensSnapshot);
}
