import type { EventExportFormat, EventExportKind, EventExportZone } from '@cairn/contract';
import { Button, Card, ProgressBar, RadioGroup, TextField } from '@cairn/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useServices } from '../../../app/services.ts';
import type { CallProblem } from '../../../entities/api.ts';
import { FormProblem } from '../../../entities/FormProblem.tsx';
import * as styles from '../../../pages/pages.css.ts';
import { downloadFrom } from '../../../reports/csv.ts';
import { SettingsSectionFrame } from '../SettingsSectionFrame.tsx';
import { ConfigBundleCard } from './ConfigBundleCard.tsx';
import { byteSize, type DownloadProgress, downloadEvents } from './eventDownload.ts';

// Settings > Import/Export. One card per kind of data moving in or out: raw events, and the
// configuration bundle (entities as one document, ConfigBundleCard.tsx).

const KIND_OPTIONS = [
  { value: 'all', label: 'Clicks and conversions (with lander clicks and cost changes)' },
  { value: 'clicks', label: 'Clicks' },
  { value: 'conversions', label: 'Conversions' },
] as const satisfies readonly { value: EventExportKind; label: string }[];

const FORMAT_OPTIONS = [
  { value: 'csv', label: 'CSV' },
  { value: 'parquet', label: 'Parquet' },
] as const satisfies readonly { value: EventExportFormat; label: string }[];

const ZONE_OPTIONS = [
  { value: 'tracker', label: "Tracker's time zone (Settings > Stats)" },
  { value: 'UTC', label: 'UTC' },
] as const satisfies readonly { value: EventExportZone; label: string }[];

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function progressText(progress: DownloadProgress): string {
  return progress.total === null
    ? `${byteSize(progress.received)} received`
    : `${byteSize(progress.received)} of ${byteSize(progress.total)}`;
}

function RawEventsCard() {
  const { client } = useServices();
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 6 * 86_400_000)));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const [kind, setKind] = useState<EventExportKind>('all');
  const [format, setFormat] = useState<EventExportFormat>('csv');
  const [zone, setZone] = useState<EventExportZone>('tracker');
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [problem, setProblem] = useState<CallProblem>();
  const [outcome, setOutcome] = useState<string>();
  const running = useRef<AbortController | null>(null);
  const fieldError = (field: string) => problem?.errors.find((error) => error.field === field)?.message;

  // Leaving the page stops a download still running.
  useEffect(() => () => running.current?.abort(), []);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    const controller = new AbortController();
    running.current = controller;
    setProblem(undefined);
    setOutcome(undefined);
    setProgress({ received: 0, total: null });
    const result = await downloadEvents(
      client,
      { from, to, kind, format, zone },
      setProgress,
      controller.signal,
    );
    running.current = null;
    setProgress(null);
    if (result.status === 'failed') setProblem(result.problem);
    else if (result.status === 'cancelled') setOutcome('Download cancelled.');
    else {
      const url = URL.createObjectURL(result.file);
      downloadFrom(url, result.name);
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setOutcome(`Downloaded ${result.name} (${byteSize(result.file.size)}).`);
    }
  };

  const busy = progress !== null;
  return (
    <Card
      title="Raw events"
      description="Every click and conversion of a period with all their columns, as the event store writes them. Money is in micro-units of the base currency; times are wall-clock times in the zone you choose. Also from the command line: cairn export events."
    >
      <form className={styles.stack} onSubmit={(event) => void start(event)} noValidate>
        <FormProblem
          problem={problem}
          atField={(field) => field !== undefined && ['from', 'to', 'kind', 'format', 'zone'].includes(field)}
        />
        <div className={styles.row}>
          <div className={styles.compactField}>
            <TextField
              type="date"
              label="From"
              value={from}
              onChange={(change) => setFrom(change.target.value)}
              error={fieldError('from')}
              disabled={busy}
            />
          </div>
          <div className={styles.compactField}>
            <TextField
              type="date"
              label="To"
              description="Taken whole."
              value={to}
              onChange={(change) => setTo(change.target.value)}
              error={fieldError('to')}
              disabled={busy}
            />
          </div>
        </div>
        <RadioGroup
          label="Events"
          options={KIND_OPTIONS}
          value={kind}
          onValueChange={setKind}
          disabled={busy}
        />
        <RadioGroup
          label="Format"
          options={FORMAT_OPTIONS}
          value={format}
          onValueChange={setFormat}
          orientation="horizontal"
          disabled={busy}
        />
        <RadioGroup
          label="Times in"
          options={ZONE_OPTIONS}
          value={zone}
          onValueChange={setZone}
          disabled={busy}
        />
        {progress && (
          <div className={styles.stack}>
            <ProgressBar
              label="Downloading raw events"
              value={progress.total === null ? undefined : (progress.received / progress.total) * 100}
              valueText={progressText(progress)}
            />
            <p className={styles.note}>
              {progress.received === 0 ? 'Preparing the file…' : progressText(progress)}
            </p>
          </div>
        )}
        {outcome && (
          <p role="status" className={styles.note}>
            {outcome}
          </p>
        )}
        <div className={styles.row}>
          <Button type="submit" loading={busy}>
            Download
          </Button>
          {busy && (
            <Button type="button" variant="outline" onClick={() => running.current?.abort()}>
              Cancel
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}

export function SettingsImportExportSection() {
  return (
    <SettingsSectionFrame title="Import / export">
      <RawEventsCard />
      <ConfigBundleCard />
    </SettingsSectionFrame>
  );
}
