import { CONVERSION_STATUSES, networkPostbackUrl, type PostbackPlaceholders } from '@cairn/contract';
import { CopyField, Select, Skeleton, TextField } from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../../app/services.ts';
import {
  fetchTrackingLinks,
  trackingLinksQueryKey,
} from '../../settings/sections/trackingLinks/SettingsTrackingLinksSection.tsx';
import { entityQueryKeys, fetchAffiliateNetworkTemplates } from '../api.ts';
import * as styles from '../entities.css.ts';
import { RowsEditor } from '../forms/RowsEditor.tsx';
import { draftFromTemplate, TemplatePicker } from '../forms/TemplatePicker.tsx';
import type { CustomFieldProps, EntityFormUi, FormExtrasProps } from '../types.ts';
import { affiliateNetworkUi, policyOptions } from './affiliateNetwork.tsx';

const placeholderKeys = [
  { key: 'clickId', label: 'Click id', required: true },
  { key: 'payout', label: 'Payout' },
  { key: 'status', label: 'Status' },
  { key: 'txid', label: 'Transaction id' },
  { key: 'currency', label: 'Currency' },
] as const;
type Placeholders = Record<(typeof placeholderKeys)[number]['key'], string>;

/** The network's own placeholders for each postback value; empty ones are left out of the URL. */
function PlaceholdersEditor({ id, value, onChange, errors, disabled }: CustomFieldProps) {
  const current = value as Placeholders;
  return (
    <div className={styles.form}>
      {placeholderKeys.map(({ key, label }) => (
        <TextField
          key={key}
          id={`${id}-${key}`}
          label={label}
          value={current[key] ?? ''}
          error={errors[key]}
          disabled={disabled}
          spellCheck={false}
          onChange={(event) => onChange({ ...current, [key]: event.target.value })}
        />
      ))}
    </div>
  );
}

type Mapping = { networkStatus: string; status: string };
const statusOptions = CONVERSION_STATUSES.map((status) => ({ value: status, label: status }));

function StatusMappingEditor({ id, value, onChange, errors, disabled }: CustomFieldProps) {
  return (
    <RowsEditor<Mapping>
      rows={value as Mapping[]}
      onChange={onChange}
      disabled={disabled}
      rowClassName={styles.rowGridTwo}
      renderRow={(row, index, set) => (
        <>
          <TextField
            id={`${id}-${index}-networkStatus`}
            aria-label={`Network status ${index + 1}`}
            placeholder="Status the network sends, e.g. 1"
            value={row.networkStatus}
            error={errors[`${index}.networkStatus`]}
            disabled={disabled}
            onChange={(event) => set({ networkStatus: event.target.value })}
          />
          <Select
            aria-label={`Tracker status ${index + 1}`}
            options={statusOptions}
            value={row.status}
            disabled={disabled}
            onValueChange={(status) => set({ status })}
          />
        </>
      )}
      newRow={() => ({ networkStatus: '', status: 'approved' })}
      addLabel="Add status mapping"
    />
  );
}

/** The placeholders as the API takes them: trimmed, an empty optional one left out (null). */
function placeholdersInput(value: unknown): PostbackPlaceholders {
  const record = (value ?? {}) as Partial<Placeholders>;
  const text = (key: keyof Placeholders) => (record[key] ?? '').trim();
  const optional = (key: keyof Placeholders) => text(key) || null;
  return {
    clickId: text('clickId'),
    payout: optional('payout'),
    status: optional('status'),
    txid: optional('txid'),
    currency: optional('currency'),
  };
}

const postbackHelp =
  'Paste this into the network’s postback (S2S) settings; it carries the placeholders above and the installation’s postback key (key=...), without which postbacks are refused.';

/**
 * The postback URL as the user edits the placeholders, built the way the server builds it on save (on the
 * default tracking domain), so the network can be set up before this form is saved.
 */
function PostbackUrl({ item, draft }: FormExtrasProps) {
  const { client } = useServices();
  const links = useQuery({
    queryKey: trackingLinksQueryKey,
    queryFn: ({ signal }) => fetchTrackingLinks(client, signal),
  });
  const domain = links.data?.domains.find((each) => each.isDefault) ?? links.data?.domains[0];
  const placeholders = placeholdersInput(draft.postbackPlaceholders);
  if (placeholders.clickId === '') {
    return <p className={styles.muted}>Enter the network’s click id placeholder to see the postback URL.</p>;
  }
  if (links.data && domain) {
    const url = networkPostbackUrl(
      domain.baseUrl,
      links.data.postback.path,
      placeholders,
      links.data.postback.key,
    );
    return <CopyField label="Postback URL" description={postbackHelp} value={url} />;
  }
  // Without the tracking links the saved network's own URL still shows; a new one's waits for them.
  if (item && !links.isPending) {
    return (
      <CopyField label="Postback URL" description={postbackHelp} value={String(item.postbackUrl ?? '')} />
    );
  }
  return links.isPending ? (
    <Skeleton height={56} />
  ) : (
    <p className={styles.muted}>The postback URL could not be shown: {links.error?.message}</p>
  );
}

/**
 * "Start from template": fills in a known network's sub-id parameter and postback macros. A network keeps
 * no template id, so which one was picked lives only while the form is open.
 */
function NetworkTemplatePicker({ mode, replaceDraft }: FormExtrasProps) {
  const { client } = useServices();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const templates = useQuery({
    queryKey: entityQueryKeys.networkTemplates,
    queryFn: async () => {
      const result = await fetchAffiliateNetworkTemplates(client);
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data.templates.map((template) => ({
        ...template,
        keywords: [template.kind, ...template.verticals],
        values: template.values as Record<string, unknown>,
      }));
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (mode !== 'create') return null;
  return (
    <TemplatePicker
      id="affiliate-network-template"
      label="Start from template"
      description="Fills in the network’s sub-id parameter and postback placeholders."
      placeholder="Type a network, platform or vertical"
      templates={templates.data}
      isError={templates.isError}
      selectedId={selectedId}
      onPick={(template) => {
        setSelectedId(template?.id ?? null);
        if (template) replaceDraft(draftFromTemplate(affiliateNetworkFormUi, template.values));
      }}
    />
  );
}

export const affiliateNetworkFormUi: EntityFormUi = {
  ...affiliateNetworkUi,
  fields: [
    { kind: 'text', name: 'name', label: 'Name', required: true },
    {
      kind: 'text',
      name: 'offerUrlParams',
      label: 'Offer URL parameters',
      placeholder: 'sub={clickid}',
      description: 'Appended to every offer URL of this network, e.g. sub={clickid}&sub2={campaign_id}.',
    },
    {
      kind: 'custom',
      name: 'postbackPlaceholders',
      label: 'Postback placeholders',
      description: 'The network’s own macros for each value it sends back ({aff_sub}, #s2#, [SUBID] ...).',
      defaultValue: { clickId: '{clickid}', payout: '{payout}', status: '', txid: '', currency: '' },
      fromItem: (value) => {
        const record = (value ?? {}) as Record<string, string | null>;
        return Object.fromEntries(placeholderKeys.map(({ key }) => [key, record[key] ?? '']));
      },
      toInput: placeholdersInput,
      render: (props) => <PlaceholdersEditor {...props} />,
    },
    {
      kind: 'custom',
      name: 'statusMapping',
      label: 'Status mapping',
      description: 'Which tracker status each status the network sends stands for.',
      defaultValue: [],
      render: (props) => <StatusMappingEditor {...props} />,
    },
    {
      kind: 'select',
      name: 'duplicatePostbacks',
      label: 'Repeated postbacks',
      options: policyOptions,
      defaultValue: 'ignore',
    },
    {
      kind: 'lines',
      name: 'allowedPostbackIps',
      label: 'Allowed postback IPs',
      description:
        'One address or CIDR range per line; empty accepts postbacks (carrying the postback key) from anywhere.',
      placeholder: '203.0.113.0/24',
    },
    {
      kind: 'switch',
      name: 'acceptKeylessPostbacks',
      label: 'Accept postbacks without the key',
      description:
        'For a network whose postback URL cannot be changed yet: its postbacks need no postback key when they come from the allowed IPs above (required then). Turn it off once the network sends the URL below.',
      defaultValue: false,
    },
    { kind: 'text', name: 'notes', label: 'Notes', multiline: true },
  ],
  FormIntro: NetworkTemplatePicker,
  FormOutro: PostbackUrl,
};
