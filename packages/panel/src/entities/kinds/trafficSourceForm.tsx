import { TOKEN_SLOTS } from '@cairn/contract';
import { CopyField, TextField } from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services.ts';
import { entityQueryKeys, fetchTrafficSourceTemplates } from '../api.ts';
import * as styles from '../entities.css.ts';
import { RowsEditor } from '../forms/RowsEditor.tsx';
import { draftFromTemplate, TemplatePicker } from '../forms/TemplatePicker.tsx';
import type { CustomFieldProps, EntityFormUi, FormExtrasProps } from '../types.ts';
import { modeOptions, trafficSourceUi } from './trafficSource.tsx';

type Token = { parameter: string; placeholder: string; name: string };
type Pair = { parameter: string; placeholder: string };

function TokensEditor({ id, value, onChange, errors, disabled }: CustomFieldProps) {
  const rows = value as Token[];
  return (
    <RowsEditor<Token>
      rows={rows}
      onChange={onChange}
      disabled={disabled}
      rowClassName={styles.rowGrid}
      renderRow={(row, index, set) => {
        const n = index + 1;
        return (
          <>
            <span className={styles.muted} title={`Reported as {t${n}}`}>{`{t${n}}`}</span>
            <TextField
              id={`${id}-${index}-parameter`}
              aria-label={`Token ${n} parameter`}
              placeholder="Parameter, e.g. zone"
              value={row.parameter}
              error={errors[`${index}.parameter`]}
              disabled={disabled}
              spellCheck={false}
              onChange={(event) => set({ parameter: event.target.value })}
            />
            <TextField
              id={`${id}-${index}-placeholder`}
              aria-label={`Token ${n} placeholder`}
              placeholder="Source macro, e.g. {zoneid}"
              value={row.placeholder}
              error={errors[`${index}.placeholder`]}
              disabled={disabled}
              spellCheck={false}
              onChange={(event) => set({ placeholder: event.target.value })}
            />
            <TextField
              id={`${id}-${index}-name`}
              aria-label={`Token ${n} name`}
              placeholder="Name in reports"
              value={row.name}
              error={errors[`${index}.name`]}
              disabled={disabled}
              onChange={(event) => set({ name: event.target.value })}
            />
          </>
        );
      }}
      removeLabel={(index) => `Remove token ${index + 1}`}
      newRow={() => ({ parameter: '', placeholder: '', name: '' })}
      addLabel={rows.length >= TOKEN_SLOTS ? `All ${TOKEN_SLOTS} tokens used` : 'Add token'}
      addDisabled={rows.length >= TOKEN_SLOTS}
    />
  );
}

/** A URL parameter and the source's macro filling it; both empty means the source sends none. */
function PairEditor({ id, value, onChange, errors, disabled }: CustomFieldProps) {
  const pair = value as Pair;
  return (
    <div className={styles.rowGridTwo}>
      <TextField
        id={`${id}-parameter`}
        label="Parameter"
        value={pair.parameter}
        error={errors.parameter}
        disabled={disabled}
        spellCheck={false}
        onChange={(event) => onChange({ ...pair, parameter: event.target.value })}
      />
      <TextField
        id={`${id}-placeholder`}
        label="Source macro"
        value={pair.placeholder}
        error={errors.placeholder}
        disabled={disabled}
        spellCheck={false}
        onChange={(event) => onChange({ ...pair, placeholder: event.target.value })}
      />
    </div>
  );
}

const emptyPair: Pair = { parameter: '', placeholder: '' };
const pairField = (name: string, label: string, description: string) =>
  ({
    kind: 'custom',
    name,
    label,
    description,
    defaultValue: emptyPair,
    fromItem: (value: unknown) => (value ? { ...emptyPair, ...(value as Pair) } : emptyPair),
    toInput: (value: unknown) => {
      const pair = value as Pair;
      return pair.parameter.trim() === '' && pair.placeholder.trim() === '' ? null : pair;
    },
    render: (props: CustomFieldProps) => <PairEditor {...props} />,
  }) as const;

/** "Start from template": fills the form with a well-known source's parameters and postback. */
function SourceTemplatePicker({ mode, replaceDraft, draft }: FormExtrasProps) {
  const { client } = useServices();
  const templates = useQuery({
    queryKey: entityQueryKeys.templates,
    queryFn: async () => {
      const result = await fetchTrafficSourceTemplates(client);
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data.templates.map((template) => ({
        ...template,
        keywords: template.categories,
        values: template.values as Record<string, unknown>,
      }));
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (mode !== 'create') return null;
  return (
    <TemplatePicker
      id="traffic-source-template"
      label="Start from template"
      description="Fills in the source’s parameters, tokens and postback."
      placeholder="Type a source or a format (push, pop, native …)"
      templates={templates.data}
      isError={templates.isError}
      selectedId={typeof draft.templateId === 'string' ? draft.templateId : null}
      onPick={(template) => {
        if (!template) {
          replaceDraft({ ...draft, templateId: null });
          return;
        }
        replaceDraft({ ...draftFromTemplate(trafficSourceFormUi, template.values), templateId: template.id });
      }}
    />
  );
}

function CampaignUrlParams({ item }: FormExtrasProps) {
  if (!item?.campaignUrlParams) return null;
  return (
    <CopyField
      label="Campaign URL parameters"
      description="What a campaign URL for this source carries (external id, cost and tokens)."
      value={String(item.campaignUrlParams)}
    />
  );
}

export const trafficSourceFormUi: EntityFormUi = {
  ...trafficSourceUi,
  createDefaults: { templateId: null },
  fields: [
    { kind: 'text', name: 'name', label: 'Name', required: true },
    {
      kind: 'url',
      name: 'postbackUrl',
      label: 'Postback URL',
      nullable: true,
      placeholder: 'https://source.example/postback?click={externalid}&payout={payout}',
      description: 'Called on each conversion (S2S); {externalid} and {payout} are filled in. Empty: none.',
    },
    {
      kind: 'number',
      name: 'postbackPercent',
      label: 'Postback %',
      description: 'Share of conversions reported back to the source.',
      min: 0,
      max: 100,
      suffix: '%',
      defaultValue: 100,
    },
    {
      kind: 'number',
      name: 'payoutPercent',
      label: 'Payout %',
      description: 'Share of the payout reported in the postback.',
      min: 0,
      max: 1000,
      suffix: '%',
      defaultValue: 100,
    },
    {
      kind: 'select',
      name: 'postbackMode',
      label: 'Postback mode',
      options: modeOptions,
      defaultValue: 'all',
    },
    {
      kind: 'number',
      name: 'trafficLossPercent',
      label: 'Traffic loss %',
      description: 'Clicks the source counts but never reach the tracker; cost is corrected by it.',
      min: 0,
      max: 100,
      suffix: '%',
      defaultValue: 0,
    },
    pairField(
      'externalId',
      'External id',
      'The parameter carrying the source’s own click id ({externalid}).',
    ),
    pairField('cost', 'Cost', 'The parameter carrying the click’s cost, for automatic cost.'),
    {
      kind: 'custom',
      name: 'tokens',
      label: `Tokens (up to ${TOKEN_SLOTS})`,
      description: 'Values the source passes in the campaign URL, reported as {t1}..{t30}.',
      defaultValue: [],
      fromItem: (value) =>
        Array.isArray(value)
          ? value.map((token) => ({ parameter: '', placeholder: '', name: '', ...token }))
          : [],
      massEditable: false,
      render: (props) => <TokensEditor {...props} />,
    },
    { kind: 'text', name: 'notes', label: 'Notes', multiline: true },
  ],
  FormIntro: SourceTemplatePicker,
  FormOutro: CampaignUrlParams,
};
