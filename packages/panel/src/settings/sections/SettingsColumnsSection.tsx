import {
  CLICK_LOG_DEFAULT_COLUMNS,
  COLUMN_TABLES,
  type ColumnTable,
  columnChoicesOf,
  type DefaultColumns,
} from '@cairn/contract';
import { Button, Card, Checkbox, ServerMessage, toast } from '@cairn/ui';
import { type FormEvent, useState } from 'react';
import { useCurrentUser } from '../../app/hooks.ts';
import { useServices } from '../../app/services.ts';
import { CLICK_LOG_CHOICES } from '../../clicklog/columns.tsx';
import * as styles from '../../pages/pages.css.ts';
import { BUILT_IN_METRICS, METRIC_DEFS } from '../../reports/metrics.ts';
import * as reportStyles from '../../reports/reports.css.ts';
import {
  defaultColumnsQueryKey,
  fetchDefaultColumns,
  saveDefaultColumns,
} from '../../reports/settingsApi.ts';
import { SavedSettings } from './SavedSettings.tsx';
import { SettingsSectionFrame } from './SettingsSectionFrame.tsx';
import { useSettingsSave } from './useSettingsSave.ts';

// Settings > Columns: the columns each list and report shows until a viewer picks their own (their pick
// is kept on the server for them; "Use defaults" in a table's chooser comes back to these).

const TABLE_NAMES: Record<ColumnTable, string> = {
  campaign: 'Campaigns list',
  offer: 'Offers list',
  landing: 'Landers list',
  affiliate_network: 'Aff. networks list',
  traffic_source: 'Traffic sources list',
  rotation: 'Rotations list',
  report: 'Reports',
  trends: 'Trends',
  clicklog: 'Click log',
};

export function builtInColumns(table: ColumnTable): readonly string[] {
  if (table === 'clicklog') return CLICK_LOG_DEFAULT_COLUMNS;
  if (table === 'report' || table === 'trends') return BUILT_IN_METRICS[table];
  return BUILT_IN_METRICS.list;
}

function labelsOf(table: ColumnTable) {
  return table === 'clicklog'
    ? CLICK_LOG_CHOICES
    : columnChoicesOf(table).map((id) => ({ id, label: METRIC_DEFS[id as keyof typeof METRIC_DEFS].label }));
}

type Draft = Record<ColumnTable, string[]>;

function draftOf(saved: DefaultColumns): Draft {
  return Object.fromEntries(
    COLUMN_TABLES.map((table) => [table, [...(saved.tables[table] ?? builtInColumns(table))]]),
  ) as Draft;
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

function ColumnsForm({ saved }: { saved: DefaultColumns }) {
  const { client } = useServices();
  const { save, pending, problem } = useSettingsSave<DefaultColumns>(defaultColumnsQueryKey);
  const user = useCurrentUser();
  const canEdit = user?.role !== 'user';
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));

  const set = (table: ColumnTable, columns: string[]) => setDraft((old) => ({ ...old, [table]: columns }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const tables: DefaultColumns['tables'] = {};
    for (const table of COLUMN_TABLES) {
      // A table left at the built-in default is not stored, so it follows the panel's default later on.
      const order = labelsOf(table).map((choice) => choice.id);
      const chosen = order.filter((id) => draft[table].includes(id));
      if (!same(chosen, builtInColumns(table))) tables[table] = chosen;
    }
    const result = await save(() => saveDefaultColumns(client, { tables }));
    if (result.status !== 'ok') return;
    toast.success('Default columns saved.');
  };

  return (
    <form className={styles.sectionLayout} onSubmit={(event) => void submit(event)} noValidate>
      {problem && (
        <div role="alert" className={styles.message}>
          <ServerMessage message={problem.message} errors={problem.errors} />
        </div>
      )}
      {!canEdit && <p className={styles.note}>Only admins change the default columns.</p>}
      {COLUMN_TABLES.map((table) => (
        <Card key={table} title={TABLE_NAMES[table]}>
          <fieldset className={styles.stack} style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className={styles.note}>
              {draft[table].length} of {labelsOf(table).length} shown by default
              {same(draft[table], builtInColumns(table)) ? ' (the built-in default)' : ''}
            </legend>
            <div className={reportStyles.chooserGrid}>
              {labelsOf(table).map((choice) => (
                <Checkbox
                  key={choice.id}
                  label={choice.label}
                  aria-label={`${choice.label} in ${TABLE_NAMES[table]}`}
                  checked={draft[table].includes(choice.id)}
                  disabled={!canEdit}
                  onCheckedChange={(checked) =>
                    set(
                      table,
                      checked === true
                        ? [...draft[table], choice.id]
                        : draft[table].filter((id) => id !== choice.id),
                    )
                  }
                />
              ))}
            </div>
            {canEdit && !same(draft[table], builtInColumns(table)) && (
              <div>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  tone="neutral"
                  onClick={() => set(table, [...builtInColumns(table)])}
                >
                  Back to the built-in default
                </Button>
              </div>
            )}
          </fieldset>
        </Card>
      ))}
      {canEdit && (
        <div>
          <Button type="submit" loading={pending}>
            Save
          </Button>
        </div>
      )}
    </form>
  );
}

export function SettingsColumnsSection() {
  return (
    <SettingsSectionFrame
      title="Default columns"
      intro="The columns every list and report shows until a user picks their own. A user's pick is kept for them in any browser; “Use defaults” in a table's column chooser brings back these."
    >
      <DefaultColumnsForm />
    </SettingsSectionFrame>
  );
}

function DefaultColumnsForm() {
  return (
    <SavedSettings queryKey={defaultColumnsQueryKey} load={fetchDefaultColumns}>
      {(saved) => <ColumnsForm key={JSON.stringify(saved)} saved={saved} />}
    </SavedSettings>
  );
}
