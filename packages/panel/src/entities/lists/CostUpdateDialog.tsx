import {
  COST_API_PATHS,
  type CostUpdateRequest,
  type CostUpdateResponse,
  costUpdateResponseSchema,
  decimalToMicros,
  TOKEN_SLOTS,
} from '@cairn/contract';
import { Button, Dialog, Select, TextField } from '@cairn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { formatMoney } from '../../utils/format.ts';
import { type CallProblem, problemOf } from '../api.ts';
import * as styles from '../entities.css.ts';
import { FormProblem } from '../FormProblem.tsx';
import { moneyMessage } from '../forms/draft.ts';
import { useRefOptions } from '../refs.ts';
import type { OpenedDialogProps } from './DialogButton.tsx';

// Setting what a campaign (or one zone of it) cost over some days, as the traffic source bills it: the
// server spreads the amount over the clicks of those days, replacing what they cost before, so sending
// the source's figure again changes nothing. Days are the tracker's (Settings > Stats).

const ANY_TOKEN = 'any';
const TOKEN_OPTIONS = [
  { value: ANY_TOKEN, label: 'Every click' },
  ...Array.from({ length: TOKEN_SLOTS }, (_, index) => ({
    value: String(index + 1),
    label: `Token ${index + 1} equals`,
  })),
];
const FIELDS = ['campaignId', 'from', 'to', 'costMicros', 'currency', 'token.slot', 'token.value'];

/** A date input's value for `days` days before today, in the browser's zone. */
function dayBefore(days: number): string {
  const day = new Date(Date.now() - days * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

export interface CostUpdateDefaults {
  campaignId?: number;
  /** Calendar days (YYYY-MM-DD), inclusive. */
  from?: string;
  to?: string;
}

export interface CostUpdateDialogProps extends OpenedDialogProps {
  defaults?: CostUpdateDefaults | undefined;
}

export function CostUpdateDialog({ open, onOpenChange, opener, defaults }: CostUpdateDialogProps) {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const campaigns = useRefOptions({ kind: 'campaign' });
  const [campaignId, setCampaignId] = useState(defaults?.campaignId ? String(defaults.campaignId) : '');
  const [from, setFrom] = useState(defaults?.from ?? dayBefore(1));
  const [to, setTo] = useState(defaults?.to ?? defaults?.from ?? dayBefore(1));
  const [cost, setCost] = useState('');
  const [currency, setCurrency] = useState('');
  const [slot, setSlot] = useState(ANY_TOKEN);
  const [tokenValue, setTokenValue] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<CallProblem | undefined>();
  const [done, setDone] = useState<CostUpdateResponse | null>(null);

  const fieldError = (field: string) => problem?.errors.find((error) => error.field === field)?.message;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const costMicros = decimalToMicros(cost.trim());
    const local: CallProblem['errors'] = [];
    if (campaignId === '') local.push({ message: 'Pick a campaign', field: 'campaignId' });
    if (costMicros === null) local.push({ message: moneyMessage, field: 'costMicros' });
    if (slot !== ANY_TOKEN && tokenValue.trim() === '') {
      local.push({ message: 'The token value to set the cost of', field: 'token.value' });
    }
    if (local.length > 0 || costMicros === null) {
      setProblem({ message: 'Check the marked fields', errors: local });
      return;
    }
    const body: CostUpdateRequest = {
      campaignId: Number(campaignId),
      from,
      to,
      costMicros,
      currency: currency.trim() === '' ? null : currency.trim().toUpperCase(),
      token: slot === ANY_TOKEN ? null : { slot: Number(slot), value: tokenValue.trim() },
    };
    setPending(true);
    setProblem(undefined);
    setDone(null);
    const result = await client.post(COST_API_PATHS.update, { json: body, schema: costUpdateResponseSchema });
    setPending(false);
    if (result.status !== 'ok') {
      setProblem(problemOf(result));
      return;
    }
    setDone(result.data);
    // Lists and reports show cost: they read it again.
    void queryClient.invalidateQueries();
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        onOpenChange(next);
        if (!next) {
          setProblem(undefined);
          setDone(null);
        }
      }}
    >
      <Dialog.Content
        title="Update costs"
        description="What the traffic source billed for these days: it replaces the cost of their clicks, spread evenly over them. Days are in the tracker's time zone."
        size="lg"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <form className={styles.stack} onSubmit={submit} noValidate>
          <Select
            label="Campaign"
            placeholder={campaigns.loading ? 'Loading campaigns' : 'Pick a campaign'}
            options={(campaigns.options ?? []).map((option) => ({
              value: String(option.id),
              label: option.label,
            }))}
            value={campaignId === '' ? undefined : campaignId}
            onValueChange={setCampaignId}
            error={fieldError('campaignId')}
          />
          <div className={styles.rowGridTwo}>
            <TextField
              label="From"
              type="date"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              error={fieldError('from')}
            />
            <TextField
              label="To (the whole day)"
              type="date"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              error={fieldError('to')}
            />
          </div>
          <div className={styles.rowGridTwo}>
            <TextField
              label="Cost"
              inputMode="decimal"
              placeholder="152.40"
              value={cost}
              onChange={(event) => setCost(event.target.value)}
              error={fieldError('costMicros')}
            />
            <TextField
              label="Currency"
              description="Empty: the tracker's currency; another is converted at the rate in Settings > Stats."
              placeholder="USD"
              maxLength={3}
              value={currency}
              onChange={(event) => setCurrency(event.target.value)}
              error={fieldError('currency')}
            />
          </div>
          <div className={styles.rowGridTwo}>
            <Select
              label="Clicks"
              options={TOKEN_OPTIONS}
              value={slot}
              onValueChange={setSlot}
              error={fieldError('token.slot')}
            />
            {slot !== ANY_TOKEN && (
              <TextField
                label={`Token ${slot} value`}
                description="For example the zone or placement the source billed."
                value={tokenValue}
                onChange={(event) => setTokenValue(event.target.value)}
                error={fieldError('token.value')}
              />
            )}
          </div>
          <FormProblem problem={problem} atField={(field) => field !== undefined && FIELDS.includes(field)} />
          {done && (
            <p role="status">
              {done.clicks} {done.clicks === 1 ? 'click' : 'clicks'} now cost{' '}
              {formatMoney(done.costMicros, done.currency)} together (before:{' '}
              {formatMoney(done.previousCostMicros, done.currency)}).
            </p>
          )}
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="outline" tone="neutral" disabled={pending}>
                Close
              </Button>
            </Dialog.Close>
            <Button type="submit" loading={pending}>
              Set cost
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
