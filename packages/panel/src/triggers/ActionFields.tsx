import type { TriggerActionType } from '@cairn/contract';
import { Button, NumberField, Select, Switch, TextField } from '@cairn/ui';
import type { ActionDraft } from './draft.ts';
import * as styles from './triggers.css.ts';

// One action of the form: the fields of its type. Secret fields are write-only: empty keeps what is
// stored, which the field's description says.

export const ACTION_LABELS: Record<TriggerActionType, string> = {
  webhook: 'Webhook',
  slack: 'Slack',
  telegram: 'Telegram',
  email: 'Email',
  set_weight: 'Set weight',
  pause_path: 'Pause path',
  add_to_list: 'Add to list',
  mark_domain: 'Mark domain',
};

export interface ActionFieldsProps {
  action: ActionDraft;
  index: number;
  errors: Record<string, string>;
  onChange: (action: ActionDraft) => void;
  onRemove: () => void;
}

export function ActionFields({ action, index, errors, onChange, onRemove }: ActionFieldsProps) {
  const number = (field: string) => (action[field] as number | null) ?? null;
  const text = (field: string) => String(action[field] ?? '');
  const set = (field: string, value: string | number | boolean | null) =>
    onChange({ ...action, [field]: value });
  const error = (field: string) => errors[`actions.${index}.${field}`];
  const kept = action.secretSet ? 'Stored; leave empty to keep it' : undefined;
  const title = `${ACTION_LABELS[action.type]} (action ${index + 1})`;
  const secretField = (field: string, label: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete="off"
      value={text(field)}
      description={kept}
      error={error(field)}
      onChange={(event) => set(field, event.target.value)}
    />
  );
  const textField = (field: string, label: string) => (
    <TextField
      label={label}
      value={text(field)}
      error={error(field)}
      onChange={(event) => set(field, event.target.value)}
    />
  );
  const numberField = (field: string, label: string, min = 0) => (
    <NumberField
      label={label}
      value={number(field)}
      min={min}
      error={error(field)}
      onChange={(value) => set(field, value)}
    />
  );

  return (
    <fieldset className={styles.action}>
      <legend className={styles.legend}>{title}</legend>
      <div className={styles.fields}>
        {action.type === 'webhook' && secretField('url', 'Webhook URL')}
        {action.type === 'slack' && secretField('url', 'Slack webhook URL')}
        {action.type === 'telegram' && (
          <>
            {secretField('botToken', 'Bot token')}
            {textField('chatId', 'Chat id')}
            {textField('apiBase', 'Bot API address')}
          </>
        )}
        {action.type === 'email' && (
          <>
            {textField('host', 'SMTP host')}
            {numberField('port', 'SMTP port', 1)}
            <Switch
              label="TLS from the start (port 465)"
              checked={action.tls === true}
              onCheckedChange={(value) => set('tls', value)}
            />
            {textField('user', 'SMTP user')}
            {secretField('password', 'SMTP password')}
            {textField('from', 'From address')}
            {textField('to', 'To addresses')}
          </>
        )}
        {(action.type === 'set_weight' || action.type === 'pause_path') &&
          numberField('campaignId', 'Campaign id', 1)}
        {action.type === 'set_weight' && (
          <>
            <Select<'offer' | 'lander'>
              label="Item"
              value={action.item === 'lander' ? 'lander' : 'offer'}
              options={[
                { value: 'offer', label: 'Offer' },
                { value: 'lander', label: 'Lander' },
              ]}
              onValueChange={(value) => set('item', value)}
            />
            <NumberField
              label="Item id"
              description="Empty: the offer or lander that fired"
              value={number('itemId')}
              min={1}
              error={error('itemId')}
              onChange={(value) => set('itemId', value)}
            />
            {numberField('weight', 'Weight (0 pauses)')}
          </>
        )}
        {action.type === 'pause_path' && (
          <>
            <NumberField
              label="Rule position"
              description="Empty: the default paths"
              value={number('ruleIndex')}
              min={0}
              onChange={(value) => set('ruleIndex', value)}
            />
            {numberField('pathIndex', 'Path position')}
          </>
        )}
        {action.type === 'add_to_list' && textField('list', 'List name')}
        {action.type === 'mark_domain' && numberField('domainId', 'Domain id', 1)}
      </div>
      <Button variant="ghost" tone="danger" size="sm" onClick={onRemove} aria-label={`Remove ${title}`}>
        Remove
      </Button>
    </fieldset>
  );
}
