import type { StatsSettings } from '@cairn/contract';
import {
  Button,
  Card,
  focusFirstInvalid,
  IconButton,
  isValidTimeZone,
  NumberField,
  TextField,
  toast,
  useAfterRender,
} from '@cairn/ui';
import { type FormEvent, memo, useCallback, useId, useRef, useState } from 'react';
import { useCurrentUser } from '../../app/hooks.ts';
import { useServices } from '../../app/services.ts';
import { FormProblem } from '../../entities/FormProblem.tsx';
import * as styles from '../../pages/pages.css.ts';
import {
  fetchStatsSettings,
  readOwnTimeZone,
  saveStatsSettings,
  statsSettingsQueryKey,
  storeOwnTimeZone,
} from '../../reports/settingsApi.ts';
import { SaveButton, SavedSettings } from './SavedSettings.tsx';
import { SettingsSectionFrame } from './SettingsSectionFrame.tsx';
import { useSettingsSave } from './useSettingsSave.ts';

// Settings > Stats: the tracker's time zone (its days in reports and in the click engine), the base
// currency money is counted in and the rates other currencies convert at; and this viewer's own zone.
// Zones and currencies are typed with suggestions (a native datalist): hundreds of choices read better
// filtered by typing than scrolled.

function supported(key: 'timeZone' | 'currency'): string[] {
  return (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.(key) ?? [];
}

/** The suggestions, drawn once: they never change. */
const Suggestions = memo(function Suggestions({ id, of }: { id: string; of: 'timeZone' | 'currency' }) {
  const values = supported(of);
  return (
    <datalist id={id}>
      {(of === 'timeZone' && !values.includes('UTC') ? ['UTC', ...values] : values).map((value) => (
        <option key={value} value={value} />
      ))}
    </datalist>
  );
});

const isCurrency = (code: string) => /^[A-Z]{3}$/.test(code);

interface RateRow {
  key: number;
  code: string;
  rate: number | null;
}

interface RateFieldsProps {
  row: RateRow;
  index: number;
  baseCurrency: string;
  currencyList: string;
  canEdit: boolean;
  error: string | undefined;
  onChange: (key: number, change: Partial<RateRow>) => void;
  onRemove: (key: number) => void;
}

const RateFields = memo(function RateFields(props: RateFieldsProps) {
  const { row, index, baseCurrency, canEdit, onChange } = props;
  return (
    <div className={styles.row}>
      <div className={styles.compactField}>
        <TextField
          label={`Currency ${index + 1}`}
          list={props.currencyList}
          value={row.code}
          maxLength={3}
          placeholder="e.g. GBP"
          onChange={(event) => onChange(row.key, { code: event.target.value.trim().toUpperCase() })}
          disabled={!canEdit}
        />
      </div>
      <div className={styles.compactField}>
        <NumberField
          label={`1 ${row.code || 'unit'} is worth`}
          value={row.rate}
          min={0}
          step={0.01}
          suffix={baseCurrency}
          error={props.error}
          onChange={(rate) => onChange(row.key, { rate })}
          disabled={!canEdit}
        />
      </div>
      {canEdit && (
        <IconButton label={`Remove the ${row.code || 'new'} rate`} onClick={() => props.onRemove(row.key)}>
          ×
        </IconButton>
      )}
    </div>
  );
});

/** Problems the panel can tell before asking the server, by field. */
function localProblems(
  timezone: string,
  baseCurrency: string,
  rates: readonly RateRow[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!isValidTimeZone(timezone)) problems.timezone = 'Not an IANA time zone such as Europe/Berlin';
  if (!isCurrency(baseCurrency)) problems.baseCurrency = 'A 3-letter ISO 4217 code such as USD';
  for (const row of rates) {
    const field = `rates.${row.code}`;
    if (!isCurrency(row.code)) problems[field] = 'A 3-letter ISO 4217 code such as GBP';
    else if (row.code === baseCurrency) problems[field] = 'The base currency needs no rate: it is 1';
    else if (row.rate === null || row.rate <= 0) problems[field] = 'A rate is above 0';
  }
  return problems;
}

function TrackerSettings({ saved }: { saved: StatsSettings }) {
  const { client } = useServices();
  const {
    save,
    pending,
    problem,
    fieldError: serverError,
  } = useSettingsSave<StatsSettings>(statsSettingsQueryKey);
  const user = useCurrentUser();
  const canEdit = user?.role !== 'user';
  const zoneList = useId();
  const currencyList = useId();
  const [timezone, setTimezone] = useState(saved.timezone);
  const [baseCurrency, setBaseCurrency] = useState(saved.baseCurrency);
  const [rates, setRates] = useState<RateRow[]>(() =>
    Object.entries(saved.rates).map(([code, rate], key) => ({ key, code, rate })),
  );
  const [nextKey, setNextKey] = useState(rates.length);
  const [local, setLocal] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const afterRender = useAfterRender();
  const changeRate = useCallback(
    (key: number, change: Partial<RateRow>) =>
      setRates((old) => old.map((item) => (item.key === key ? { ...item, ...change } : item))),
    [],
  );
  const removeRate = useCallback(
    (key: number) => setRates((old) => old.filter((item) => item.key !== key)),
    [],
  );
  const fieldError = (field: string) => local[field] ?? serverError(field);
  const shownAtFields = (field: string | undefined) =>
    field !== undefined && (field === 'timezone' || field === 'baseCurrency' || field.startsWith('rates.'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = localProblems(timezone, baseCurrency, rates);
    setLocal(found);
    if (Object.keys(found).length > 0) {
      afterRender(() => focusFirstInvalid(form.current));
      return;
    }
    const result = await save(() =>
      saveStatsSettings(client, {
        timezone,
        baseCurrency,
        rates: Object.fromEntries(rates.map((row) => [row.code, row.rate ?? 0])),
      }),
    );
    if (result.status !== 'ok') {
      afterRender(() => focusFirstInvalid(form.current));
      return;
    }
    toast.success('Stats settings saved. New clicks are counted with them.');
  };

  return (
    <Card
      title="Time zone and currency"
      description="Report days start at midnight in this zone. Money is totalled in the base currency; other currencies are converted at these rates."
    >
      <form ref={form} className={styles.stack} onSubmit={(event) => void submit(event)} noValidate>
        <FormProblem problem={problem} atField={shownAtFields} />
        {!canEdit && <p className={styles.note}>Only admins change these settings.</p>}
        <Suggestions id={zoneList} of="timeZone" />
        <Suggestions id={currencyList} of="currency" />
        <div className={styles.compactField}>
          <TextField
            label="Tracker time zone"
            list={zoneList}
            value={timezone}
            onChange={(event) => setTimezone(event.target.value.trim())}
            disabled={!canEdit}
            error={fieldError('timezone')}
          />
        </div>
        <div className={styles.compactField}>
          <TextField
            label="Base currency"
            list={currencyList}
            value={baseCurrency}
            maxLength={3}
            onChange={(event) => setBaseCurrency(event.target.value.trim().toUpperCase())}
            disabled={!canEdit}
            error={fieldError('baseCurrency')}
          />
        </div>
        <fieldset className={styles.stack} style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>Currency rates</legend>
          {rates.length === 0 && (
            <p className={styles.note}>No rates yet: amounts in other currencies count one to one.</p>
          )}
          {rates.map((row, index) => (
            <RateFields
              key={row.key}
              row={row}
              index={index}
              baseCurrency={baseCurrency}
              currencyList={currencyList}
              canEdit={canEdit}
              error={fieldError(`rates.${row.code}`)}
              onChange={changeRate}
              onRemove={removeRate}
            />
          ))}
          {canEdit && (
            <div>
              <Button
                type="button"
                variant="outline"
                tone="neutral"
                onClick={() => {
                  setRates((old) => [...old, { key: nextKey, code: '', rate: null }]);
                  setNextKey((key) => key + 1);
                }}
              >
                Add a rate
              </Button>
            </div>
          )}
        </fieldset>
        {canEdit && <SaveButton pending={pending} />}
      </form>
    </Card>
  );
}

function OwnTimeZone({ trackerZone }: { trackerZone: string }) {
  const [own, setOwn] = useState(() => readOwnTimeZone());
  const [text, setText] = useState(own ?? '');
  const [error, setError] = useState<string>();
  const zoneList = useId();
  const form = useRef<HTMLFormElement>(null);
  const afterRender = useAfterRender();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const zone = text.trim();
    if (zone !== '' && !isValidTimeZone(zone)) {
      setError('Not an IANA time zone such as Europe/Berlin');
      afterRender(() => focusFirstInvalid(form.current));
      return;
    }
    setError(undefined);
    const next = zone === '' ? undefined : zone;
    storeOwnTimeZone(next);
    setOwn(next);
  };
  return (
    <Card
      title="Your time zone"
      description="Reports, trends and the click log open in this zone in this browser; picking another zone in a report changes it too."
    >
      <form ref={form} className={styles.stack} onSubmit={apply} noValidate>
        <p className={styles.note}>
          {own ? `Your reports open in ${own}.` : `Your reports open in the tracker's zone, ${trackerZone}.`}
        </p>
        <Suggestions id={zoneList} of="timeZone" />
        <div className={styles.row}>
          <div className={styles.compactField}>
            <TextField
              label="Your reports' time zone"
              list={zoneList}
              placeholder={`Tracker's zone (${trackerZone})`}
              description="Leave empty to use the tracker's zone."
              value={text}
              error={error}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <Button type="submit" variant="outline" tone="neutral">
            Use
          </Button>
        </div>
      </form>
    </Card>
  );
}

export function SettingsStatsSection() {
  return (
    <SettingsSectionFrame title="Stats">
      <StatsCards />
    </SettingsSectionFrame>
  );
}

function StatsCards() {
  return (
    <SavedSettings queryKey={statsSettingsQueryKey} load={fetchStatsSettings}>
      {(saved) => (
        <div className={styles.sectionLayout}>
          <TrackerSettings key={JSON.stringify(saved)} saved={saved} />
          <OwnTimeZone trackerZone={saved.timezone} />
        </div>
      )}
    </SavedSettings>
  );
}
