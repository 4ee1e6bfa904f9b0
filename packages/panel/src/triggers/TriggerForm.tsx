import {
  REPORT_METRICS,
  type ReportMetric,
  TRIGGER_DIMENSIONS,
  TRIGGER_OPERATORS,
  TRIGGER_WINDOW_UNITS,
  type Trigger,
  type TriggerActionType,
  type TriggerDimension,
  type TriggerOperator,
} from '@cairn/contract';
import { Button, Dialog, NumberField, Select, Switch, TextField } from '@cairn/ui';
import { type FormEvent, useState } from 'react';
import { ACTION_LABELS, ActionFields } from './ActionFields.tsx';
import { fieldMessages, useTriggerActions } from './api.ts';
import { bodyOf, type ConditionDraft, type Draft, draftOf, NEW_ACTIONS, newDraft } from './draft.ts';
import * as styles from './triggers.css.ts';

// Create or edit a trigger: scope, window, the conditions builder, limits, actions, dry run and enabled.
// The server validates; its field messages show under the fields they name, the rest above the buttons.

const DIMENSION_LABELS: Record<string, string> = {
  campaign: 'Campaigns',
  offer: 'Offers',
  landing: 'Landers',
  traffic_source: 'Traffic sources',
};
const dimensionLabel = (dimension: string) =>
  DIMENSION_LABELS[dimension] ?? `Values of token ${dimension.replace('token_', '')} (per source)`;
const OPERATOR_LABELS: Record<TriggerOperator, string> = {
  '>': '>',
  '>=': '>=',
  '<': '<',
  '<=': '<=',
  '=': '=',
  drop: 'drops by % vs the window before',
};

export interface TriggerFormProps {
  /** null: a new trigger. */
  trigger: Trigger | null;
  onClose: () => void;
}

export function TriggerForm({ trigger, onClose }: TriggerFormProps) {
  const actions = useTriggerActions();
  const [draft, setDraft] = useState<Draft>(() => (trigger ? draftOf(trigger) : newDraft()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  const [pending, setPending] = useState(false);
  const update = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const setCondition = (index: number, change: Partial<ConditionDraft>) =>
    update({
      conditions: draft.conditions.map((item, at) => (at === index ? { ...item, ...change } : item)),
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    const body = bodyOf(draft);
    const result = trigger ? await actions.save(trigger.id, body) : await actions.create(body);
    setPending(false);
    if (result.status === 'ok') {
      onClose();
      return;
    }
    const fields = fieldMessages(result.body);
    setErrors(fields);
    const general = fields[''];
    setMessage(
      Object.keys(fields).length > 0 && !general
        ? 'Check the fields marked below'
        : (general ?? result.message),
    );
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !pending && onClose()}>
      <Dialog.Content title={trigger ? `Edit ${trigger.name}` : 'New trigger'} size="lg">
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            label="Name"
            value={draft.name}
            error={errors.name}
            onChange={(event) => update({ name: event.target.value })}
          />
          <div className={styles.fields}>
            <Select<TriggerDimension>
              label="Rows"
              value={draft.dimension}
              options={TRIGGER_DIMENSIONS.map((value) => ({ value, label: dimensionLabel(value) }))}
              onValueChange={(dimension) => update({ dimension })}
              error={errors['scope.dimension']}
            />
            <TextField
              label="Only campaigns (ids)"
              description="Comma-separated; empty: all campaigns"
              value={draft.campaignIds}
              error={errors['scope.filters.campaign'] ?? errors['scope.filters']}
              onChange={(event) => update({ campaignIds: event.target.value })}
            />
            <Select<Draft['windowUnit']>
              label="Window"
              value={draft.windowUnit}
              options={TRIGGER_WINDOW_UNITS.map((value) => ({
                value,
                label: value === 'today' ? 'Today (tracker time zone)' : `Last N ${value}`,
              }))}
              onValueChange={(windowUnit) => update({ windowUnit })}
            />
            {draft.windowUnit !== 'today' && (
              <NumberField
                label={`Window length (${draft.windowUnit})`}
                value={draft.windowAmount}
                min={1}
                error={errors['window.amount']}
                onChange={(windowAmount) => update({ windowAmount })}
              />
            )}
          </div>
          <fieldset className={styles.action}>
            <legend className={styles.legend}>Conditions</legend>
            <Select<'and' | 'or'>
              label="Combine"
              value={draft.combine}
              options={[
                { value: 'and', label: 'All hold (AND)' },
                { value: 'or', label: 'Any holds (OR)' },
              ]}
              onValueChange={(combine) => update({ combine })}
            />
            {draft.conditions.map((condition, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity beyond their place
              <div className={styles.condition} key={index}>
                <Select<ReportMetric>
                  label={`Metric ${index + 1}`}
                  value={condition.metric}
                  options={REPORT_METRICS.map((value) => ({ value, label: value }))}
                  onValueChange={(metric) => setCondition(index, { metric })}
                />
                <Select<TriggerOperator>
                  label={`Comparison ${index + 1}`}
                  value={condition.operator}
                  options={TRIGGER_OPERATORS.map((value) => ({ value, label: OPERATOR_LABELS[value] }))}
                  onValueChange={(operator) => setCondition(index, { operator })}
                />
                <NumberField
                  label={`Value ${index + 1}`}
                  value={condition.value}
                  error={errors[`conditions.items.${index}.value`]}
                  onChange={(value) => setCondition(index, { value })}
                />
                <Button
                  variant="ghost"
                  tone="danger"
                  size="sm"
                  disabled={draft.conditions.length === 1}
                  onClick={() => update({ conditions: draft.conditions.filter((_, at) => at !== index) })}
                  aria-label={`Remove condition ${index + 1}`}
                >
                  Remove
                </Button>
              </div>
            ))}
            {errors.conditions && <p className={styles.error}>{errors.conditions}</p>}
            <div>
              <Button
                variant="outline"
                tone="neutral"
                size="sm"
                onClick={() =>
                  update({ conditions: [...draft.conditions, { metric: 'roi', operator: '<', value: 0 }] })
                }
              >
                Add condition
              </Button>
            </div>
          </fieldset>
          <div className={styles.fields}>
            <NumberField
              label="Minimum clicks"
              description="Rows with fewer clicks are skipped"
              value={draft.minClicks}
              min={0}
              error={errors.minClicks}
              onChange={(minClicks) => update({ minClicks })}
            />
            <NumberField
              label="Check every (minutes)"
              value={draft.checkEveryMinutes}
              min={1}
              error={errors.checkEveryMinutes}
              onChange={(checkEveryMinutes) => update({ checkEveryMinutes })}
            />
            <NumberField
              label="Cool-down (minutes)"
              description="A row that fired waits this long"
              value={draft.cooldownMinutes}
              min={0}
              error={errors.cooldownMinutes}
              onChange={(cooldownMinutes) => update({ cooldownMinutes })}
            />
          </div>
          {draft.actions.map((action, index) => (
            <ActionFields
              // biome-ignore lint/suspicious/noArrayIndexKey: actions are matched by place, as the server keeps secrets
              key={index}
              action={action}
              index={index}
              errors={errors}
              onChange={(next) =>
                update({ actions: draft.actions.map((item, at) => (at === index ? next : item)) })
              }
              onRemove={() => update({ actions: draft.actions.filter((_, at) => at !== index) })}
            />
          ))}
          <fieldset className={styles.plainFieldset}>
            <legend className={styles.legend}>Add an action</legend>
            <div className={styles.row}>
              {(Object.keys(NEW_ACTIONS) as TriggerActionType[]).map((type) => (
                <Button
                  key={type}
                  variant="outline"
                  tone="neutral"
                  size="sm"
                  onClick={() => update({ actions: [...draft.actions, { ...NEW_ACTIONS[type] }] })}
                >
                  {`Add ${ACTION_LABELS[type].toLowerCase()}`}
                </Button>
              ))}
            </div>
          </fieldset>
          <div className={styles.row}>
            <Switch
              label="Dry run: log firings without acting"
              checked={draft.dryRun}
              onCheckedChange={(dryRun) => update({ dryRun })}
            />
            <Switch
              label="Enabled"
              checked={draft.enabled}
              onCheckedChange={(enabled) => update({ enabled })}
            />
          </div>
          {message && (
            <p role="alert" className={styles.error}>
              {message}
            </p>
          )}
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="outline" tone="neutral" disabled={pending}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" loading={pending}>
              {trigger ? 'Save' : 'Create'}
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
