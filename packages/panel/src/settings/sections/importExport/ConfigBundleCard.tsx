import { BUNDLE_PASSPHRASE_MIN, type BundleConflictPolicy, type ConfigImportResponse } from '@cairn/contract';
import { Button, Card, Checkbox, RadioGroup, TextField } from '@cairn/ui';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { type CallProblem, problemOf } from '../../../entities/api.ts';
import { FormProblem } from '../../../entities/FormProblem.tsx';
import * as styles from '../../../pages/pages.css.ts';
import { downloadFrom } from '../../../reports/csv.ts';
import {
  carriesSecrets,
  configurationFileName,
  exportConfiguration,
  importConfiguration,
} from './configBundleApi.ts';

// Settings > Import/Export > Configuration: every entity and plain setting as one JSON file, and such a
// file read back: the server's dry run shows what would change before anything does.

const CONFLICT_OPTIONS = [
  { value: 'skip', label: 'Keep what is here (skip)' },
  { value: 'overwrite', label: "Replace it with the file's (overwrite)" },
  { value: 'rename', label: 'Add the file\'s as a copy named "… (imported)" (rename)' },
] as const satisfies readonly { value: BundleConflictPolicy; label: string }[];

const KIND_NOUNS: Record<string, string> = {
  group: 'Group',
  domain: 'Domain',
  affiliate_network: 'Affiliate network',
  traffic_source: 'Traffic source',
  landing: 'Lander',
  offer: 'Offer',
  rotation: 'Rotation',
  campaign: 'Campaign',
  user: 'User',
  settings: 'Settings',
  secrets: 'Secret',
};

/** A plan item's secret in words: the postback keys, or one lander's LP-protect key. */
function secretName(key: string): string {
  if (key === 'postbackKeys') return 'postback keys';
  return key.startsWith('lpProtectKey:') ? `LP-protect key of “${key.slice('lpProtectKey:'.length)}”` : key;
}

function countsText(plan: ConfigImportResponse): string {
  const { created, updated, skipped, renamed } = plan.counts;
  return `${created} created, ${updated} updated, ${renamed} added as copies, ${skipped} left as they are`;
}

function Plan({ plan }: { plan: ConfigImportResponse }) {
  const changing = plan.items.filter((item) => item.action !== 'skipped');
  return (
    <div className={styles.stack}>
      <p className={styles.message}>
        {plan.dryRun ? 'Importing would leave: ' : 'Imported: '}
        {countsText(plan)}.
      </p>
      {changing.length > 0 && (
        <ul aria-label={plan.dryRun ? 'Planned changes' : 'Changes made'}>
          {changing.map((item) => (
            <li key={`${item.kind}:${item.key}`}>
              {item.kind === 'secrets'
                ? `Secret: ${secretName(item.key)}: ${item.action === 'updated' ? 'made current' : 'added'}`
                : `${KIND_NOUNS[item.kind] ?? item.kind} “${item.key}”: ${item.action}`}
              {item.newKey ? ` as “${item.newKey}”` : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ConfigBundleCard() {
  const { client } = useServices();
  const file = useRef<HTMLInputElement>(null);
  const [exporting, setExporting] = useState(false);
  const [exportProblem, setExportProblem] = useState<CallProblem>();
  const [bundle, setBundle] = useState<{ name: string; content: unknown }>();
  const [conflict, setConflict] = useState<BundleConflictPolicy>('skip');
  const [plan, setPlan] = useState<ConfigImportResponse>();
  const [done, setDone] = useState<ConfigImportResponse>();
  const [problem, setProblem] = useState<CallProblem>();
  const [busy, setBusy] = useState(false);
  const [withSecrets, setWithSecrets] = useState(false);
  const [exportPassphrase, setExportPassphrase] = useState('');
  const [exportPassphraseError, setExportPassphraseError] = useState<string>();
  const [importPassphrase, setImportPassphrase] = useState('');

  const download = async (event: FormEvent) => {
    event.preventDefault();
    setExportProblem(undefined);
    setExportPassphraseError(undefined);
    if (withSecrets && exportPassphrase.length < BUNDLE_PASSPHRASE_MIN) {
      setExportPassphraseError(`At least ${BUNDLE_PASSPHRASE_MIN} characters`);
      return;
    }
    setExporting(true);
    const result = await exportConfiguration(client, withSecrets ? exportPassphrase : undefined);
    setExporting(false);
    if (result.status !== 'ok') {
      setExportProblem(problemOf(result));
      return;
    }
    const blob = new Blob([JSON.stringify(result.data, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    downloadFrom(url, configurationFileName(result.data.exportedAt));
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const run = async (
    content: unknown,
    dryRun: boolean,
    policy: BundleConflictPolicy,
    passphrase: string = importPassphrase,
  ) => {
    setBusy(true);
    setProblem(undefined);
    const result = await importConfiguration(client, content, {
      dryRun,
      conflict: policy,
      ...(carriesSecrets(content) ? { passphrase } : {}),
    });
    setBusy(false);
    if (result.status !== 'ok') {
      setProblem(problemOf(result));
      setPlan(undefined);
      return;
    }
    if (dryRun) setPlan(result.data);
    else {
      setPlan(undefined);
      setDone(result.data);
    }
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setPlan(undefined);
    setDone(undefined);
    let content: unknown;
    try {
      content = JSON.parse(await chosen.text());
    } catch {
      setBundle(undefined);
      setProblem({ message: `${chosen.name} is not a JSON file`, errors: [] });
      return;
    }
    setBundle({ name: chosen.name, content });
    setImportPassphrase('');
    // Sealed secrets need their passphrase before any plan can be worked out.
    if (!carriesSecrets(content)) await run(content, true, conflict, '');
  };

  const unlock = (event: FormEvent) => {
    event.preventDefault();
    if (bundle) void run(bundle.content, true, conflict);
  };
  const needsPassphrase = bundle !== undefined && carriesSecrets(bundle.content);
  const passphraseProblem = problem?.errors.find((error) => error.field === 'passphrase')?.message;

  const changePolicy = (policy: BundleConflictPolicy) => {
    setConflict(policy);
    // The plan shown is always the one the confirm button would carry out.
    if (bundle && (!needsPassphrase || plan)) void run(bundle.content, true, policy);
  };

  return (
    <Card
      title="Configuration"
      description="Campaigns with their flows, offers, landers, affiliate networks, traffic sources, domains, groups, rotations, users and the plain settings as one JSON file, to move them to another Cairn. Entities refer to each other by name or key, not by id. Passwords, API keys and integration tokens stay here, so an imported user signs in once an admin has set their password. The postback keys your networks' URLs carry and the LP-protect keys in your landers' code go only when you include them, sealed with a passphrase."
    >
      <div className={styles.stack}>
        <FormProblem problem={exportProblem} atField={(field) => field === 'passphrase'} />
        <form className={styles.stack} onSubmit={(event) => void download(event)} noValidate>
          <Checkbox
            label="Include secrets (postback keys, LP-protect keys)"
            checked={withSecrets}
            onCheckedChange={(checked) => setWithSecrets(checked === true)}
          />
          {withSecrets && (
            <TextField
              label="Passphrase for the secrets"
              description={`At least ${BUNDLE_PASSPHRASE_MIN} characters. Cairn does not keep it: the import asks for it, and without it the secrets cannot be read.`}
              type="password"
              autoComplete="new-password"
              value={exportPassphrase}
              onChange={(event) => setExportPassphrase(event.target.value)}
              error={
                exportPassphraseError ??
                exportProblem?.errors.find((error) => error.field === 'passphrase')?.message
              }
              required
            />
          )}
          <div className={styles.row}>
            <Button type="submit" loading={exporting}>
              Export configuration
            </Button>
          </div>
        </form>
        <input
          ref={file}
          type="file"
          accept=".json,application/json"
          hidden
          aria-label="Configuration file"
          onChange={(event) => void pick(event)}
        />
        <RadioGroup
          label="When an entity of the file is here already"
          options={CONFLICT_OPTIONS}
          value={conflict}
          onValueChange={changePolicy}
          disabled={busy}
        />
        <div className={styles.row}>
          <Button type="button" variant="outline" tone="neutral" onClick={() => file.current?.click()}>
            Import configuration…
          </Button>
          {bundle && <span className={styles.note}>{bundle.name}</span>}
        </div>
        {needsPassphrase && !plan && !done && (
          <form className={styles.stack} onSubmit={unlock} noValidate>
            <TextField
              label="Passphrase of the file's secrets"
              description="The file carries sealed postback keys and LP-protect keys: give the passphrase it was exported with to see what importing it would do."
              type="password"
              autoComplete="off"
              value={importPassphrase}
              onChange={(event) => setImportPassphrase(event.target.value)}
              error={passphraseProblem}
              required
            />
            <div className={styles.row}>
              <Button type="submit" variant="outline" loading={busy}>
                Show what importing would do
              </Button>
            </div>
          </form>
        )}
        <FormProblem problem={problem} atField={(field) => needsPassphrase && field === 'passphrase'} />
        {plan && bundle && (
          <div className={styles.stack} role="status">
            <Plan plan={plan} />
            <div className={styles.row}>
              <Button type="button" loading={busy} onClick={() => void run(bundle.content, false, conflict)}>
                Import
              </Button>
              <Button type="button" variant="outline" onClick={() => setPlan(undefined)} disabled={busy}>
                Cancel
              </Button>
            </div>
          </div>
        )}
        {done && (
          <div role="status">
            <Plan plan={done} />
          </div>
        )}
      </div>
    </Card>
  );
}
