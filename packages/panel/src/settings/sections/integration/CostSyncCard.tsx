import {
  COST_SYNC_PATHS,
  type CostSyncMapping,
  costSyncMappingListSchema,
  costSyncMappingSchema,
  costSyncResultSchema,
  type IntegrationAccount,
  microsToDecimal,
} from '@cairn/contract';
import { Badge, Button, Card, Select, TextField, toast } from '@cairn/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { type CallProblem, fetchList, problemOf } from '../../../entities/api.ts';
import { renderProblem } from '../../../entities/problems.tsx';
import * as styles from '../../../pages/pages.css.ts';
import { formatDateTime } from '../../../utils/format.ts';

// Cost sync: a campaign mapped to a campaign at a traffic source, whose spend becomes the campaign's
// cost (by day, and by zone where the source reports zones and a token holds them). Each mapping shows
// its last sync: when, the source's words on a failure, and what the synced days cost before and after.

const queryKey = ['settings', 'integration', 'cost-sync'] as const;
const mappingPath = (id: number) => COST_SYNC_PATHS.mapping.replace(':id', String(id));

function lastSyncText(mapping: CostSyncMapping): string {
  if (mapping.lastOutcome === 'never' || mapping.lastSyncAt === null) return 'Not synced yet';
  const when = formatDateTime(mapping.lastSyncAt);
  if (mapping.lastOutcome === 'failed')
    return `Sync failed ${when}: ${mapping.lastError ?? 'no reason given'}`;
  const before = microsToDecimal(mapping.lastPreviousCostMicros ?? 0);
  const after = microsToDecimal(mapping.lastCostMicros ?? 0);
  const change = before === after ? `cost unchanged at ${after}` : `cost ${before} → ${after}`;
  return `Synced ${when}: ${change}${mapping.lastError ? ` (${mapping.lastError})` : ''}`;
}

export function CostSyncCard({ accounts }: { accounts: readonly IntegrationAccount[] }) {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const [campaignId, setCampaignId] = useState('');
  const [accountId, setAccountId] = useState('');
  const [sourceAccountId, setSourceAccountId] = useState('');
  const [sourceCampaignId, setSourceCampaignId] = useState('');
  const [zoneSlot, setZoneSlot] = useState('');
  const [problem, setProblem] = useState<CallProblem | null>(null);
  const [syncing, setSyncing] = useState<number | 'all' | null>(null);
  const mappings = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const result = await client.get(COST_SYNC_PATHS.mappings, {
        schema: costSyncMappingListSchema,
        signal,
      });
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data.items;
    },
  });
  const campaigns = useQuery({
    queryKey: [...queryKey, 'campaigns'],
    queryFn: async ({ signal }) => {
      const result = await fetchList(client, 'campaign', { pageSize: 500 }, signal);
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data.items.map((item) => ({ id: Number(item.id), name: String(item.name) }));
    },
  });
  const platform = accounts.find((one) => String(one.id) === accountId)?.platform ?? null;
  // Meta, Taboola and TikTok name an account (TikTok: the advertiser) besides the campaign; Google Ads'
  // credentials already name the customer, MGID's the client. PropellerAds, Taboola and MGID report zones
  // (sites, widgets).
  const namesAccount = platform === 'meta' || platform === 'taboola' || platform === 'tiktok';
  const reportsZones = platform === 'propellerads' || platform === 'taboola' || platform === 'mgid';
  const campaignName = (id: number) => campaigns.data?.find((one) => one.id === id)?.name ?? `#${id}`;
  const accountName = (id: number) => accounts.find((one) => one.id === id)?.name ?? `#${id}`;
  const fieldError = (field: string) => problem?.errors.find((error) => error.field === field)?.message;
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const result = await client.post(COST_SYNC_PATHS.mappings, {
      json: {
        campaignId: Number(campaignId),
        accountId: Number(accountId),
        sourceAccountId: namesAccount ? sourceAccountId : '',
        sourceCampaignId,
        zoneTokenSlot: reportsZones && zoneSlot.trim() !== '' ? Number(zoneSlot) : null,
        enabled: true,
      },
      schema: costSyncMappingSchema,
    });
    if (result.status !== 'ok') {
      setProblem(problemOf(result));
      return;
    }
    setProblem(null);
    setSourceCampaignId('');
    toast.success(
      `${campaignName(result.data.campaignId)} now takes its cost from ${accountName(result.data.accountId)}.`,
    );
    await refresh();
  };

  const sync = async (mappingId: number | null) => {
    setSyncing(mappingId ?? 'all');
    try {
      const result = await client.post(COST_SYNC_PATHS.sync, {
        json: { mappingId },
        schema: costSyncResultSchema,
      });
      if (result.status !== 'ok') {
        toast.error(result.message);
        return;
      }
      const failed = result.data.runs.filter((run) => run.outcome === 'failed').length;
      if (failed > 0) toast.error(`${failed} of ${result.data.runs.length} syncs failed; see the mappings.`);
      else
        toast.success(
          `Synced ${result.data.runs.length} mapping${result.data.runs.length === 1 ? '' : 's'}.`,
        );
    } finally {
      setSyncing(null);
      await refresh();
    }
  };

  const remove = async (mapping: CostSyncMapping) => {
    const result = await client.delete(mappingPath(mapping.id));
    if (result.status !== 'ok') toast.error(result.message);
    await refresh();
  };

  return (
    <Card
      title="Cost sync"
      description="A campaign takes its cost from the source's spend, day by day (and zone by zone where the source reports zones), replacing what its clicks cost."
    >
      <div className={styles.stack}>
        {mappings.isError ? (
          <p role="alert">The cost sync mappings could not be read: {mappings.error.message}</p>
        ) : (
          <ul className={styles.stack} aria-label="Cost sync mappings">
            {(mappings.data ?? []).map((mapping) => (
              <li key={mapping.id} className={styles.stack}>
                <div>
                  <strong>{campaignName(mapping.campaignId)}</strong> from {accountName(mapping.accountId)},
                  campaign {mapping.sourceCampaignId}
                  {mapping.zoneTokenSlot === null ? '' : `, zones in t${mapping.zoneTokenSlot}`}{' '}
                  <Badge tone={mapping.lastOutcome === 'failed' ? 'danger' : 'neutral'}>
                    {mapping.enabled ? 'On' : 'Off'}
                  </Badge>
                </div>
                <p>{lastSyncText(mapping)}</p>
                <div>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={syncing !== null}
                    aria-label={`Sync now: ${campaignName(mapping.campaignId)}`}
                    onClick={() => void sync(mapping.id)}
                  >
                    Sync now
                  </Button>{' '}
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    tone="danger"
                    aria-label={`Remove cost sync of ${campaignName(mapping.campaignId)}`}
                    onClick={() => void remove(mapping)}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {(mappings.data ?? []).length > 1 && (
          <div>
            <Button
              type="button"
              variant="outline"
              disabled={syncing !== null}
              onClick={() => void sync(null)}
            >
              Sync all now
            </Button>
          </div>
        )}
        <form className={styles.stack} onSubmit={(event) => void save(event)} noValidate>
          <div className={styles.narrow}>
            <Select<string>
              label="Campaign"
              placeholder="Choose a campaign"
              options={(campaigns.data ?? []).map((one) => ({ value: String(one.id), label: one.name }))}
              value={campaignId}
              onValueChange={setCampaignId}
              error={fieldError('campaignId')}
            />
          </div>
          <div className={styles.narrow}>
            <Select<string>
              label="Spend from"
              placeholder="Choose an account"
              options={accounts.map((one) => ({ value: String(one.id), label: one.name }))}
              value={accountId}
              onValueChange={setAccountId}
              error={fieldError('accountId')}
            />
          </div>
          {namesAccount && (
            <div className={styles.narrow}>
              <TextField
                label={
                  platform === 'meta'
                    ? 'Ad account id'
                    : platform === 'tiktok'
                      ? 'Advertiser id'
                      : 'Account id'
                }
                inputMode="numeric"
                value={sourceAccountId}
                onChange={(event) => setSourceAccountId(event.target.value)}
                error={fieldError('sourceAccountId')}
              />
            </div>
          )}
          <div className={styles.narrow}>
            <TextField
              label="Campaign id at the source"
              value={sourceCampaignId}
              onChange={(event) => setSourceCampaignId(event.target.value)}
              error={fieldError('sourceCampaignId')}
            />
          </div>
          {reportsZones && (
            <div className={styles.narrow}>
              <TextField
                label="Zone token slot (optional)"
                inputMode="numeric"
                value={zoneSlot}
                onChange={(event) => setZoneSlot(event.target.value)}
                error={fieldError('zoneTokenSlot')}
              />
            </div>
          )}
          {problem && !problem.errors.some((error) => error.field) && renderProblem(problem)}
          <div>
            <Button type="submit">Map campaign</Button>
          </div>
        </form>
      </div>
    </Card>
  );
}
