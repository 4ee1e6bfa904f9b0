import type { ClearRequestInput, ClearSummary } from '@cairn/contract';
import {
  Button,
  Card,
  Combobox,
  type ComboboxOption,
  ConfirmDialog,
  ServerMessage,
  TextField,
  toast,
} from '@cairn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { type CallProblem, problemOf } from '../../../entities/api.ts';
import { FormProblem } from '../../../entities/FormProblem.tsx';
import * as styles from '../../../pages/pages.css.ts';
import { clearNow, previewClear } from './autoClearingApi.ts';

// Clearing by hand: raw events before a day, of some campaigns or of all but the exceptions. The
// server first says what that takes; nothing is removed before the admin confirms that.

const count = (n: number) => n.toLocaleString('en-US');

function campaignWords(ids: readonly number[], nameOf: (id: number) => string): string {
  const names = ids.map(nameOf);
  return names.length <= 3
    ? names.join(', ')
    : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

/** What a clear takes, in the words of the confirmation. */
export function clearDescription(summary: ClearSummary, day: string, nameOf: (id: number) => string): string {
  const whose =
    summary.campaignIds !== null
      ? `of ${campaignWords(summary.campaignIds, nameOf)}`
      : summary.keptCampaignIds.length > 0
        ? `of every campaign but ${campaignWords(summary.keptCampaignIds, nameOf)} (kept by their exceptions)`
        : 'of every campaign';
  return (
    `${count(summary.clicks)} raw clicks (${count(summary.events)} events with their lander clicks and conversions) ` +
    `recorded before ${day} (midnight in ${summary.timezone}), ${whose}, will be removed. ` +
    'Reports keep their totals, but the click log loses these clicks for good, and with them their IPs, ' +
    'user agents, tokens, cities and other details reports will show as "(cleared)".'
  );
}

export function ClearNowCard({ campaigns }: { campaigns: readonly ComboboxOption[] }) {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const [day, setDay] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<CallProblem>();
  const [localError, setLocalError] = useState<string>();
  const [preview, setPreview] = useState<{ request: ClearRequestInput; summary: ClearSummary } | null>(null);
  const [nothing, setNothing] = useState(false);
  const [pending, setPending] = useState(false);
  const names = new Map(campaigns.map((option) => [Number(option.value), option.label]));
  const nameOf = (id: number) => names.get(id) ?? `Campaign #${id}`;
  const fieldError = (field: string) => problem?.errors.find((error) => error.field === field)?.message;

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    setNothing(false);
    if (!day) {
      setLocalError('Pick a day');
      return;
    }
    setLocalError(undefined);
    const request = { before: day, campaignIds: chosen.map(Number) };
    setPending(true);
    const result = await previewClear(client, request);
    setPending(false);
    if (result.status !== 'ok') {
      setProblem(problemOf(result));
      return;
    }
    setProblem(undefined);
    if (result.data.events === 0) setNothing(true);
    else setPreview({ request, summary: result.data });
  };

  const confirm = async () => {
    if (!preview) return;
    const result = await clearNow(client, preview.request);
    if (result.status !== 'ok') throw problemOf(result);
    // Every figure on screen may read the cleared events differently now (the click log above all).
    await queryClient.invalidateQueries();
    toast.success(`Cleared ${count(result.data.clicks)} raw clicks (${count(result.data.events)} events).`);
  };

  return (
    <Card
      title="Clear now"
      description="Removes raw events before a day at once, whatever the automatic settings say. Reports keep their totals."
    >
      <form className={styles.stack} onSubmit={(event) => void ask(event)} noValidate>
        <FormProblem problem={problem} atField={(field) => field === 'before'} />
        <div className={styles.compactField}>
          <TextField
            type="date"
            label="Before the day"
            description="In the tracker's time zone; that day itself is kept."
            value={day}
            onChange={(event) => setDay(event.target.value)}
            error={localError ?? fieldError('before')}
          />
        </div>
        <div className={styles.narrow}>
          <Combobox
            label="Campaigns to clear"
            placeholder="Every campaign but the exceptions"
            options={campaigns}
            value={chosen}
            onChange={setChosen}
            error={problem?.errors.find((error) => error.field?.startsWith('campaignIds'))?.message}
          />
        </div>
        {nothing && (
          <p role="status" className={styles.note}>
            Nothing to clear: no raw events before that day.
          </p>
        )}
        <div>
          <Button type="submit" tone="danger" loading={pending}>
            Clear now…
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={preview !== null}
        onOpenChange={(open) => {
          if (!open) setPreview(null);
        }}
        title="Clear raw clicks?"
        description={preview ? clearDescription(preview.summary, String(preview.request.before), nameOf) : ''}
        confirmLabel="Clear"
        tone="danger"
        onConfirm={confirm}
        renderError={(error) => {
          const failed = error as CallProblem;
          return <ServerMessage as="span" message={failed.message} errors={failed.errors} />;
        }}
      />
    </Card>
  );
}
