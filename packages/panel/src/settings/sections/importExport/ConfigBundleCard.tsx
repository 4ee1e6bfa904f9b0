import type { BundleConflictPolicy, ConfigImportResponse } from '@cairn/contract';
import { Button, Card, RadioGroup } from '@cairn/ui';
import { type ChangeEvent, useRef, useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { type CallProblem, problemOf } from '../../../entities/api.ts';
import { FormProblem } from '../../../entities/FormProblem.tsx';
import * as styles from '../../../pages/pages.css.ts';
import { downloadFrom } from '../../../reports/csv.ts';
import { configurationFileName, exportConfiguration, importConfiguration } from './configBundleApi.ts';

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
};

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
              {KIND_NOUNS[item.kind] ?? item.kind} “{item.key}”: {item.action}
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

  const download = async () => {
    setExporting(true);
    setExportProblem(undefined);
    const result = await exportConfiguration(client);
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

  const run = async (content: unknown, dryRun: boolean, policy: BundleConflictPolicy) => {
    setBusy(true);
    setProblem(undefined);
    const result = await importConfiguration(client, content, { dryRun, conflict: policy });
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
    await run(content, true, conflict);
  };

  const changePolicy = (policy: BundleConflictPolicy) => {
    setConflict(policy);
    // The plan shown is always the one the confirm button would carry out.
    if (bundle) void run(bundle.content, true, policy);
  };

  return (
    <Card
      title="Configuration"
      description="Campaigns with their flows, offers, landers, affiliate networks, traffic sources, domains, groups, rotations, users and the plain settings as one JSON file, to move them to another Cairn. Entities refer to each other by name or key, not by id. No secrets are in it: postback keys, API tokens, LP-protect keys and passwords stay here, so an imported user signs in once an admin has set their password."
    >
      <div className={styles.stack}>
        <FormProblem problem={exportProblem} atField={() => false} />
        <div className={styles.row}>
          <Button type="button" loading={exporting} onClick={() => void download()}>
            Export configuration
          </Button>
        </div>
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
        <FormProblem problem={problem} atField={() => false} />
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
