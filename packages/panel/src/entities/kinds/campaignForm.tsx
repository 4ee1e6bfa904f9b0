import {
  COST_MODELS,
  type CostModel,
  campaignPath,
  campaignSchema,
  directTrackingSnippet,
  REDIRECT_MODES,
  type RedirectMode,
} from '@cairn/contract';
import { Button, CopyField, RadioGroup, toast } from '@cairn/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { loadOnce } from '../../app/chunks.ts';
import { useCurrentUser } from '../../app/hooks.ts';
import { useServices } from '../../app/services.ts';
import { flowFieldSpec } from '../../flow/FlowField.tsx';
import { useClickPath } from '../../settings/sections/urlCustomization/urlCustomizationApi.ts';
import { formatPercentMicros } from '../../utils/format.ts';
import { entityQueryKeys, fetchItem, problemOf } from '../api.ts';
import * as styles from '../entities.css.ts';
import { RefSelect } from '../forms/FieldControl.tsx';
import { DialogButton } from '../lists/DialogButton.tsx';
import { useRefOptions } from '../refs.ts';
import type { CustomFieldProps, Draft, EntityFormUi, FormExtrasProps } from '../types.ts';
import { campaignUi, statusOptions } from './campaign.tsx';

// Campaigns: where each click goes. The flow is either a shared rotation or the campaign's own; the form
// holds that choice in the rotationId field, and the flow field is sent only while no rotation is used.

const COST_MODEL_LABELS: Record<CostModel, string> = {
  cpc: 'CPC (per click)',
  cpm: 'CPM (per 1000 clicks)',
  cpa: 'CPA (per conversion)',
  revshare: 'RevShare (% of revenue)',
  none: 'No cost',
};

const REDIRECT_LABELS: Record<RedirectMode, string> = {
  http_302: 'HTTP 302',
  meta_refresh: 'Meta refresh',
  double_meta_refresh: 'Double meta refresh (hides the referrer)',
  javascript: 'JavaScript',
};

/** The rotationId field as the form holds it: the choice, and the rotation once one is picked. */
interface Routing {
  useRotation: boolean;
  rotationId: number | null;
}

function routingOf(draft: Draft): Routing {
  return draft.rotationId as Routing;
}

function RoutingControl({ id, value, onChange, disabled }: CustomFieldProps) {
  const routing = value as Routing;
  return (
    <div className={styles.rows}>
      <RadioGroup<'own' | 'rotation'>
        label="Where clicks go"
        orientation="horizontal"
        options={[
          { value: 'own', label: 'Its own flow' },
          { value: 'rotation', label: 'A shared rotation' },
        ]}
        value={routing.useRotation ? 'rotation' : 'own'}
        disabled={disabled}
        onValueChange={(choice) => onChange({ ...routing, useRotation: choice === 'rotation' })}
      />
      {routing.useRotation && (
        <RefSelect
          id={`${id}-rotation`}
          label="Rotation"
          description={
            routing.rotationId === null
              ? 'Choose the rotation this campaign follows.'
              : 'A change to the rotation applies to every campaign that uses it.'
          }
          refSpec={{ kind: 'rotation' }}
          noneLabel="Choose a rotation"
          value={routing.rotationId}
          disabled={disabled}
          onChange={(rotationId) => onChange({ ...routing, rotationId })}
        />
      )}
    </div>
  );
}

/** The campaign key a saved campaign URL carries ('' when none). */
const directKeyOf = (url: string | null): string => (url ? (/[?&]key=([^&]*)/.exec(url)?.[1] ?? '') : '');

// The clicker for this campaign: admins only (the test-click route is theirs), a chunk of its own.
const loadTestLink = loadOnce('test link', () =>
  import('../../monitor/developer/TestLinkDialog.tsx').then((module) => module.TestLinkDialog),
);

/** The campaign URL with the traffic source's parameters; before a save it is a preview. */
function CampaignUrl({ mode, item, draft }: FormExtrasProps) {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const [regenerated, setRegenerated] = useState<string | null>(null);
  const [regenerating, setRegenerating] = useState(false);
  const [arrival, setArrival] = useState<'redirect' | 'direct'>('redirect');
  const user = useCurrentUser();
  const sourceId = typeof draft.trafficSourceId === 'number' ? draft.trafficSourceId : null;
  const source = useQuery({
    queryKey: entityQueryKeys.item('traffic_source', sourceId ?? 0),
    enabled: sourceId !== null,
    queryFn: ({ signal }) => fetchItem(client, 'traffic_source', sourceId ?? 0, signal),
  });
  const saved = mode === 'edit' && item ? (regenerated ?? String(item.url)) : null;
  const sourceParams =
    sourceId === null
      ? ''
      : source.data?.status === 'ok'
        ? String(source.data.data.campaignUrlParams ?? '')
        : null;
  // The server builds the address on the campaign's domain (https), else on the default tracking address.
  const domains = useRefOptions({ kind: 'domain' });
  const domainId = typeof draft.domainId === 'number' ? draft.domainId : null;
  const host = domains.options?.find((option) => option.id === domainId)?.label;
  const clickPath = useClickPath();
  const savedBase = saved && URL.canParse(saved) ? new URL(saved).origin : null;
  const unchanged =
    saved !== null && item?.trafficSourceId === sourceId && (item?.domainId ?? null) === domainId;

  let url: string;
  let description: string;
  if (saved && unchanged) {
    url = saved;
    description = 'Give this address to the traffic source; its placeholders are filled by the source.';
  } else {
    const base =
      domainId !== null
        ? host
          ? `https://${host}`
          : (savedBase ?? window.location.origin)
        : item && item.domainId === null && savedBase
          ? savedBase
          : window.location.origin;
    const key = saved ? (/[?&]key=([^&]*)/.exec(saved)?.[1] ?? '') : '{key}';
    url = `${base}${clickPath}?key=${key}${sourceParams ? `&${sourceParams}` : ''}`;
    description =
      sourceParams === null
        ? 'Loading the traffic source parameters...'
        : saved
          ? 'Preview with the chosen traffic source and domain: save to use it.'
          : 'Preview: the key is assigned when the campaign is created.';
  }

  const regenerate = async () => {
    if (!item) return;
    setRegenerating(true);
    const result = await client.post(campaignPath.regenerateKey(item.id), { schema: campaignSchema });
    setRegenerating(false);
    if (result.status !== 'ok') {
      toast.error(problemOf(result).message);
      return;
    }
    setRegenerated(result.data.url);
    void queryClient.invalidateQueries({ queryKey: entityQueryKeys.all('campaign') });
    toast.success('New campaign key: the old URL no longer routes clicks');
  };

  const directKey = saved && unchanged ? directKeyOf(saved) : '';
  const isAdmin = user?.role === 'admin' || user?.role === 'super-admin';
  const trackingOrigin = URL.canParse(url) ? new URL(url).origin : window.location.origin;
  return (
    <div className={styles.stack}>
      <RadioGroup<'redirect' | 'direct'>
        label="How visitors arrive"
        orientation="horizontal"
        options={[
          { value: 'redirect', label: 'Through the campaign URL' },
          { value: 'direct', label: 'Direct on the lander (no redirect)' },
        ]}
        value={arrival}
        onValueChange={setArrival}
      />
      {arrival === 'redirect' ? (
        <CopyField label="Campaign URL" description={description} value={url} copyLabel="Copy URL" />
      ) : directKey ? (
        <>
          <CopyField
            label="Lander script"
            description="For ads that must point at the lander itself (Meta, Google, TikTok): paste it into the lander's <head> and put the lander's address, with the source's parameters, in the ad. Each visit records one click with the page's parameters; a reload does not count again."
            value={directTrackingSnippet(trackingOrigin, decodeURIComponent(directKey))}
            copyLabel="Copy script"
          />
          <CopyField
            label="Offer link on the lander"
            description="The lander's link to the offer: the script fills in {clickid}, so conversions are attributed to the click."
            value={`${trackingOrigin}${clickPath}?lp=1&clickid={clickid}`}
            copyLabel="Copy link"
          />
        </>
      ) : (
        <p className={styles.muted}>
          Save the campaign (with its domain and traffic source) to get its lander script.
        </p>
      )}
      {mode === 'edit' && item && (
        <span className={styles.actions}>
          <Button
            type="button"
            size="sm"
            variant="outline"
            tone="neutral"
            loading={regenerating}
            onClick={() => void regenerate()}
          >
            Regenerate key
          </Button>
          <span className={styles.muted}>The old URL stops working at once.</span>
          {isAdmin && directKeyOf(saved) && (
            <DialogButton
              load={loadTestLink}
              label="Test link"
              size="sm"
              dialogProps={{ campaignKey: decodeURIComponent(directKeyOf(saved)) }}
            />
          )}
        </span>
      )}
    </div>
  );
}

export const campaignFormUi: EntityFormUi = {
  ...campaignUi,
  fields: [
    { kind: 'text', name: 'name', label: 'Name', required: true },
    { kind: 'select', name: 'status', label: 'Status', options: statusOptions, defaultValue: 'active' },
    {
      kind: 'ref',
      name: 'groupId',
      label: 'Group',
      ref: { kind: 'group', groupKind: 'campaign' },
      noneLabel: 'No group',
    },
    {
      kind: 'ref',
      name: 'trafficSourceId',
      label: 'Traffic source',
      description: 'Its parameters and placeholders are added to the campaign URL.',
      ref: { kind: 'traffic_source' },
      noneLabel: 'No traffic source',
    },
    {
      kind: 'ref',
      name: 'domainId',
      label: 'Domain',
      description: 'The host of the campaign URL.',
      ref: { kind: 'domain' },
      noneLabel: 'Default tracking domain',
    },
    {
      kind: 'select',
      name: 'costModel',
      label: 'Cost model',
      options: COST_MODELS.map((model) => ({ value: model, label: COST_MODEL_LABELS[model] })),
      defaultValue: 'cpc',
    },
    {
      kind: 'money',
      name: 'costMicros',
      label: 'Cost',
      description: 'Per click, per 1000 clicks or per conversion; for RevShare the share in %.',
      describe: (value, values) =>
        values.costModel === 'revshare' && typeof value === 'number' ? formatPercentMicros(value) : undefined,
    },
    { kind: 'text', name: 'currency', label: 'Currency', placeholder: 'e.g. USD', defaultValue: 'USD' },
    {
      kind: 'switch',
      name: 'costAuto',
      label: 'Cost from the URL (auto)',
      description:
        'Take each click’s cost from the traffic source’s cost parameter; the cost above is the fallback.',
    },
    {
      kind: 'select',
      name: 'redirectMode',
      label: 'Redirect',
      options: REDIRECT_MODES.map((mode) => ({ value: mode, label: REDIRECT_LABELS[mode] })),
      defaultValue: 'http_302',
    },
    {
      kind: 'number',
      name: 'uniquenessHours',
      label: 'Uniqueness window',
      description: 'A repeat click from the same visitor within this time is not unique.',
      min: 1,
      step: 1,
      suffix: 'hours',
      defaultValue: 24,
    },
    {
      kind: 'custom',
      name: 'rotationId',
      label: 'Flow source',
      defaultValue: { useRotation: false, rotationId: null } satisfies Routing,
      ref: { kind: 'rotation' },
      noneLabel: 'Its own flow',
      fromItem: (value): Routing =>
        typeof value === 'number'
          ? { useRotation: true, rotationId: value }
          : { useRotation: false, rotationId: null },
      toInput: (value) => {
        const routing = value as Routing;
        return routing.useRotation ? routing.rotationId : null;
      },
      massEditable: false,
      render: (props) => <RoutingControl {...props} />,
    },
    flowFieldSpec({
      description:
        'Rules are checked from top to bottom; a click that matches no rule goes to the default paths.',
      unused: (draft) => routingOf(draft).useRotation,
    }),
    { kind: 'text', name: 'notes', label: 'Notes', multiline: true },
  ],
  FormIntro: CampaignUrl,
};
