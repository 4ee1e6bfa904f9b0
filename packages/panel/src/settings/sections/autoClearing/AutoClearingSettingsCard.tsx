import { KEEP_DAYS_MAX, type RetentionSettings } from '@cairn/contract';
import {
  Button,
  Card,
  Combobox,
  type ComboboxOption,
  focusFirstInvalid,
  IconButton,
  NumberField,
  Switch,
  toast,
  useAfterRender,
} from '@cairn/ui';
import { type FormEvent, useRef, useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { FormProblem } from '../../../entities/FormProblem.tsx';
import * as styles from '../../../pages/pages.css.ts';
import { SaveButton } from '../SavedSettings.tsx';
import { useSettingsSave } from '../useSettingsSave.ts';
import { autoClearingQueryKey, saveAutoClearing } from './autoClearingApi.ts';

// The hourly job's settings: how many days of raw clicks to keep, and campaigns kept longer (or for
// ever). Days are the tracker's days (Settings > Stats).

interface ExceptionRow {
  key: number;
  campaignId: number | null;
  keepDays: number | null;
}

const validDays = (days: number | null) =>
  days !== null && Number.isInteger(days) && days >= 1 && days <= KEEP_DAYS_MAX;
const daysProblem = `Whole days from 1 to ${KEEP_DAYS_MAX}`;

/** Problems the panel can tell before asking the server, by the server's field names. */
function localProblems(keepDays: number | null, rows: readonly ExceptionRow[]): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!validDays(keepDays)) problems.keepDays = daysProblem;
  const seen = new Set<number>();
  rows.forEach((row, index) => {
    if (row.campaignId === null) problems[`exceptions.${index}.campaignId`] = 'Pick a campaign';
    else if (seen.has(row.campaignId)) {
      problems[`exceptions.${index}.campaignId`] = 'This campaign has an exception already';
    } else seen.add(row.campaignId);
    if (row.keepDays !== null && !validDays(row.keepDays))
      problems[`exceptions.${index}.keepDays`] = daysProblem;
  });
  return problems;
}

export function AutoClearingSettingsCard({
  saved,
  campaigns,
}: {
  saved: RetentionSettings;
  campaigns: readonly ComboboxOption[];
}) {
  const { client } = useServices();
  const {
    save,
    pending,
    problem,
    fieldError: serverError,
  } = useSettingsSave<RetentionSettings>(autoClearingQueryKey);
  const [enabled, setEnabled] = useState(saved.enabled);
  const [keepDays, setKeepDays] = useState<number | null>(saved.keepDays);
  const [rows, setRows] = useState<ExceptionRow[]>(() =>
    saved.exceptions.map((exception, key) => ({ key, ...exception })),
  );
  const [nextKey, setNextKey] = useState(rows.length);
  const [local, setLocal] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const afterRender = useAfterRender();
  const fieldError = (field: string) => local[field] ?? serverError(field);
  const atField = (field: string | undefined) =>
    field !== undefined && (field === 'keepDays' || field.startsWith('exceptions.'));
  const change = (key: number, update: Partial<ExceptionRow>) =>
    setRows((old) => old.map((row) => (row.key === key ? { ...row, ...update } : row)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = localProblems(keepDays, rows);
    setLocal(found);
    if (Object.keys(found).length > 0) {
      afterRender(() => focusFirstInvalid(form.current));
      return;
    }
    const result = await save(() =>
      saveAutoClearing(client, {
        enabled,
        keepDays: keepDays ?? 0,
        exceptions: rows.map((row) => ({ campaignId: row.campaignId ?? 0, keepDays: row.keepDays })),
      }),
    );
    if (result.status !== 'ok') {
      afterRender(() => focusFirstInvalid(form.current));
      return;
    }
    toast.success(
      result.data.enabled
        ? `Auto-clearing saved. Raw clicks older than ${result.data.keepDays} days are cleared within the hour.`
        : 'Auto-clearing saved. It is off: nothing is cleared automatically.',
    );
  };

  return (
    <Card
      title="Automatic clearing"
      description="Every hour, raw clicks, lander clicks and conversions older than the days kept leave the click log. Reports keep their totals: the cleared part is counted by campaign, offer, lander, flow, source, network, country, device, OS and browser."
    >
      <form ref={form} className={styles.stack} onSubmit={(event) => void submit(event)} noValidate>
        <FormProblem problem={problem} atField={atField} />
        <Switch label="Clear old raw clicks automatically" checked={enabled} onCheckedChange={setEnabled} />
        <div className={styles.compactField}>
          <NumberField
            label="Days of raw clicks kept"
            description="Today and this many days before it, in the tracker's time zone."
            value={keepDays}
            min={1}
            max={KEEP_DAYS_MAX}
            step={1}
            suffix="days"
            error={fieldError('keepDays')}
            onChange={setKeepDays}
          />
        </div>
        <fieldset className={styles.stack} style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>Campaign exceptions</legend>
          <p className={styles.note}>
            {rows.length === 0
              ? 'No exceptions: every campaign keeps the days above.'
              : 'These campaigns keep their own days; with none, they are never cleared automatically.'}
          </p>
          {rows.map((row, index) => (
            <div key={row.key} className={styles.row}>
              <div className={styles.narrow}>
                <Combobox
                  label={`Campaign ${index + 1}`}
                  placeholder="Pick a campaign"
                  options={campaigns}
                  value={row.campaignId === null ? [] : [String(row.campaignId)]}
                  // One campaign per exception: the last one picked replaces the one before.
                  onChange={(values) => {
                    const last = values.at(-1);
                    change(row.key, { campaignId: last === undefined ? null : Number(last) });
                  }}
                  error={fieldError(`exceptions.${index}.campaignId`)}
                />
              </div>
              <div className={styles.compactField}>
                <NumberField
                  label={`Days kept for campaign ${index + 1}`}
                  placeholder="For ever"
                  value={row.keepDays}
                  min={1}
                  max={KEEP_DAYS_MAX}
                  step={1}
                  suffix="days"
                  error={fieldError(`exceptions.${index}.keepDays`)}
                  onChange={(days) => change(row.key, { keepDays: days })}
                />
              </div>
              <IconButton
                label={`Remove exception ${index + 1}`}
                onClick={() => setRows((old) => old.filter((item) => item.key !== row.key))}
              >
                ×
              </IconButton>
            </div>
          ))}
          <div>
            <Button
              type="button"
              variant="outline"
              tone="neutral"
              onClick={() => {
                setRows((old) => [...old, { key: nextKey, campaignId: null, keepDays: null }]);
                setNextKey((key) => key + 1);
              }}
            >
              Add an exception
            </Button>
          </div>
        </fieldset>
        <SaveButton pending={pending} />
      </form>
    </Card>
  );
}
