import type { ReportMetric, SavedReport, SavedReportState } from '@cairn/contract';
import {
  Button,
  Checkbox,
  ConfirmDialog,
  Dialog,
  DropdownMenu,
  type SortingState,
  TextField,
} from '@cairn/ui';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { problemOf } from '../../entities/api.ts';
import type { CallResult } from '../../http/client.ts';
import { stringifyQuery } from '../../routes/query.ts';
import { useRouteQuery } from '../../routes/useRouteQuery.ts';
import type { ReportRequest } from '../api.ts';
import type { ReportState } from '../reportState.ts';
import type { Subject } from '../subject.ts';
import {
  SAVED_QUERY_KEY,
  sameState,
  savedReportAddress,
  savedStateOf,
  sortingOfSaved,
  useSavedReportActions,
  useSavedReports,
} from './api.ts';
import * as styles from './savedReports.css.ts';

// The report's "Saved reports" menu: save what the page shows under a name (shared with the other users
// or not), open one of the viewer's own or of those others share, and save changes to, rename, share or
// delete the one open. The report open is named in the address (`&saved=7`) beside its state, so a link
// opens it too.

export interface SavedReportsMenuProps {
  /** What the page shows now, as a saved report keeps it. */
  current: SavedReportState;
  /** Applies what the address does not hold (the sort and the metric columns) of a report opened. */
  onOpened: (state: SavedReportState) => void;
}

/** The menu on the report page, given the page's parts a saved report keeps and sets. */
export function ReportSavedReports({
  subject,
  state,
  sort,
  metrics,
  onSortingChange,
  onMetricsChange,
}: {
  subject: Subject;
  state: ReportState;
  sort: ReportRequest['sort'];
  metrics: readonly ReportMetric[];
  onSortingChange: (sorting: SortingState) => void;
  onMetricsChange: (metrics: readonly ReportMetric[]) => void;
}) {
  const opened = useCallback(
    (saved: SavedReportState) => {
      onSortingChange(sortingOfSaved(saved));
      if (saved.metrics) onMetricsChange(saved.metrics);
    },
    [onSortingChange, onMetricsChange],
  );
  return <SavedReportsMenu current={savedStateOf(subject, state, sort, metrics)} onOpened={opened} />;
}

type Editing = { mode: 'create' } | { mode: 'edit'; report: SavedReport };

export function SavedReportsMenu({ current, onOpened }: SavedReportsMenuProps) {
  const list = useSavedReports();
  const actions = useSavedReportActions();
  const query = useRouteQuery();
  const [path, navigate] = useLocation();
  const activeId = Number(query[SAVED_QUERY_KEY]);
  const items = list.data?.items ?? [];
  const active = items.find((item) => item.id === activeId);
  const own = items.filter((item) => item.own);
  const shared = items.filter((item) => !item.own);
  const changed = active !== undefined && !sameState(active.state, current);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<SavedReport | null>(null);

  // A report opened by a link gets its sort and columns once it is known; one opened here already has.
  const applied = useRef<number | null>(null);
  useEffect(() => {
    if (!active || applied.current === active.id) return;
    applied.current = active.id;
    onOpened(active.state);
  }, [active, onOpened]);

  const open = (report: SavedReport) => {
    const address = savedReportAddress(report);
    if (!address) return;
    applied.current = report.id;
    onOpened(report.state);
    navigate(address);
  };
  const closeActive = () => {
    const { [SAVED_QUERY_KEY]: _left, ...rest } = query;
    navigate(`${path}${stringifyQuery(rest)}`, { replace: true });
  };

  const submit = async (name: string, share: boolean): Promise<string | undefined> => {
    let result: CallResult<SavedReport>;
    if (editing?.mode === 'edit') {
      const { report } = editing;
      result = await actions.save(report.id, { name, shared: share, state: report.state });
    } else {
      result = await actions.create({ name, shared: share, state: current });
    }
    if (result.status !== 'ok') {
      const problem = problemOf(result);
      return problem.errors.find((error) => error.field === 'name')?.message ?? problem.message;
    }
    if (editing?.mode === 'create') {
      applied.current = result.data.id;
      const address = savedReportAddress(result.data);
      if (address) navigate(address);
    }
    return undefined;
  };
  const saveChanges = async (report: SavedReport) => {
    await actions.save(report.id, { name: report.name, shared: report.shared, state: current });
  };
  const remove = async (report: SavedReport) => {
    const result = await actions.remove(report.id);
    if (result.status !== 'ok') throw new Error(result.message);
    if (report.id === active?.id) closeActive();
  };

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button variant="outline" tone="neutral">
            <span className={styles.triggerLabel}>
              {active ? `${active.name}${changed ? ' (changed)' : ''}` : 'Saved reports'}
            </span>
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content align="end">
          <DropdownMenu.Item onSelect={() => setEditing({ mode: 'create' })}>
            Save as new report…
          </DropdownMenu.Item>
          {active?.editable && (
            <>
              <DropdownMenu.Item disabled={!changed} onSelect={() => void saveChanges(active)}>
                Save changes to “{active.name}”
              </DropdownMenu.Item>
              <DropdownMenu.Item onSelect={() => setEditing({ mode: 'edit', report: active })}>
                Rename or share…
              </DropdownMenu.Item>
              <DropdownMenu.Item onSelect={() => setDeleting(active)}>Delete…</DropdownMenu.Item>
            </>
          )}
          <DropdownMenu.Separator />
          <DropdownMenu.Label>My reports</DropdownMenu.Label>
          {own.length === 0 && (
            <DropdownMenu.Item disabled>{list.isPending ? 'Loading…' : 'None saved yet'}</DropdownMenu.Item>
          )}
          {own.map((report) => (
            <DropdownMenu.Item key={report.id} onSelect={() => open(report)}>
              {report.name}
              {report.shared && <span className={styles.owner}>shared</span>}
            </DropdownMenu.Item>
          ))}
          {shared.length > 0 && (
            <>
              <DropdownMenu.Separator />
              <DropdownMenu.Label>Shared with me</DropdownMenu.Label>
              {shared.map((report) => (
                <DropdownMenu.Item key={report.id} onSelect={() => open(report)}>
                  {report.name}
                  <span className={styles.owner}>{report.ownerName}</span>
                </DropdownMenu.Item>
              ))}
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      <SaveReportDialog editing={editing} onClose={() => setEditing(null)} onSubmit={submit} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title={`Delete “${deleting?.name ?? ''}”?`}
        description={
          deleting?.shared
            ? 'It is shared: the other users lose it too. The report itself and its data stay.'
            : 'Only the saved view goes; the report and its data stay.'
        }
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
    </>
  );
}

function SaveReportDialog({
  editing,
  onClose,
  onSubmit,
}: {
  editing: Editing | null;
  onClose: () => void;
  /** Resolves to the problem to show, or undefined when saved. */
  onSubmit: (name: string, shared: boolean) => Promise<string | undefined>;
}) {
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!editing) return;
    setName(editing.mode === 'edit' ? editing.report.name : '');
    setShared(editing.mode === 'edit' ? editing.report.shared : false);
    setProblem(undefined);
  }, [editing]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || name.trim() === '') return;
    setPending(true);
    const refused = await onSubmit(name.trim(), shared);
    setPending(false);
    if (refused) setProblem(refused);
    else onClose();
  };

  const creating = editing?.mode !== 'edit';
  return (
    <Dialog.Root open={editing !== null} onOpenChange={(next) => !next && !pending && onClose()}>
      <Dialog.Content
        title={creating ? 'Save report' : 'Rename or share report'}
        {...(creating
          ? {
              description:
                'Keeps the grouping, period, filters, sort and columns under a name, in Saved reports.',
            }
          : {})}
        size="sm"
      >
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            label="Name"
            value={name}
            maxLength={100}
            error={problem}
            onChange={(event) => setName(event.target.value)}
          />
          <Checkbox
            label="Share with other users"
            checked={shared}
            onCheckedChange={(checked) => setShared(checked === true)}
          />
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="outline" tone="neutral" disabled={pending}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" loading={pending} disabled={name.trim() === ''}>
              Save
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
