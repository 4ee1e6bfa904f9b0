import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  focusFirstInvalid,
  focusHeading,
  PageHeader,
  Skeleton,
  toast,
  useAfterRender,
} from '@cairn/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useServices } from '../../app/services.ts';
import { ItemHistory } from '../../history/AuditTrail.tsx';
import type { PageProps } from '../../pages/pageProps.ts';
import { entityKindOf, entityNames, type FormMode } from '../../routes/table.ts';
import { capitalize } from '../../utils/text.ts';
import { formModeOf, listPathOf } from '../addresses.ts';
import {
  archiveItem,
  type CallProblem,
  createItem,
  deleteItem,
  entityQueryKeys,
  fetchItem,
  problemOf,
  restoreItem,
  updateItem,
} from '../api.ts';
import { contractOf } from '../contracts.ts';
import * as styles from '../entities.css.ts';
import { entityFormUis, formUiOfKind } from '../formRegistry.ts';
import { ProblemBox, rejectUnlessOk, renderProblem, splitProblem } from '../problems.tsx';
import type { Draft, EntityFormUi, FieldErrors, Item } from '../types.ts';
import { buildInput, cloneDraft, draftFromItem, isVisible, newDraft } from './draft.ts';
import { FieldControl } from './FieldControl.tsx';
import { useLeaveGuard } from './useLeaveGuard.ts';

export default function EntityFormPage(props: PageProps) {
  const ui = entityFormUis[entityKindOf(props.route)];
  const mode = formModeOf(props.route.path);
  const id = props.params.id ? Number(props.params.id) : undefined;
  // A new form per item and mode: nothing typed for one item may leak into another.
  return <EntityForm key={`${mode}:${id ?? 'new'}`} ui={ui} mode={mode} id={id} title={props.title} />;
}

function EntityForm({
  ui,
  mode,
  id,
  title,
}: {
  ui: EntityFormUi;
  mode: FormMode;
  id: number | undefined;
  title: string | undefined;
}) {
  const { client } = useServices();
  const names = entityNames[ui.routeKind];
  const itemQuery = useQuery({
    queryKey: entityQueryKeys.item(ui.kind, id ?? 0),
    enabled: id !== undefined,
    queryFn: async ({ signal }) => fetchItem(client, ui.kind, id ?? 0, signal),
    // A form starts from what the server has now, not from a cached copy.
    staleTime: 0,
  });
  const header = <PageHeader title={title ?? names.plural} actions={<BackToList ui={ui} />} />;
  if (id !== undefined) {
    if (itemQuery.isPending) {
      return (
        <div className={styles.page}>
          {header}
          <Skeleton height={240} />
        </div>
      );
    }
    const result = itemQuery.data;
    if (result?.status !== 'ok') {
      return (
        <div className={styles.page}>
          {header}
          {result?.status === 'not-found' ? (
            <EmptyState
              title={`No ${names.singular} ${id}`}
              description="It was deleted, or the address is wrong."
            />
          ) : (
            <ProblemBox
              problem={result ? problemOf(result) : { message: String(itemQuery.error), errors: [] }}
            />
          )}
        </div>
      );
    }
    return <FormBody ui={ui} mode={mode} loaded={result.data} title={title} />;
  }
  return <FormBody ui={ui} mode={mode} loaded={undefined} title={title} />;
}

function BackToList({ ui }: { ui: EntityFormUi }) {
  return (
    <Button asChild variant="outline" tone="neutral">
      <Link href={listPathOf(ui)}>Back to {entityNames[ui.routeKind].plural}</Link>
    </Button>
  );
}

function FormBody({
  ui,
  mode,
  loaded,
  title,
}: {
  ui: EntityFormUi;
  mode: FormMode;
  loaded: Item | undefined;
  title: string | undefined;
}) {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const names = entityNames[ui.routeKind];
  const contract = contractOf(ui.kind);
  const [item, setItem] = useState<Item | undefined>(mode === 'edit' ? loaded : undefined);
  const [initial] = useState<Draft>(() =>
    !loaded ? newDraft(ui) : mode === 'clone' ? cloneDraft(ui, loaded) : draftFromItem(ui, loaded),
  );
  const [baseline, setBaseline] = useState<Draft>(initial);
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<CallProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState<'archive' | 'restore' | 'delete' | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // A failed save takes focus to the first field it marked (or to the heading, above a message about no
  // one field); a save that stays on the page takes it to the heading.
  const afterRender = useAfterRender();
  const focusProblem = () => afterRender(() => focusFirstInvalid(form.current) || focusHeading());
  const dirty = JSON.stringify(draft) !== JSON.stringify(baseline);
  const guard = useLeaveGuard(dirty);
  const visibleFields = ui.fields.filter((field) => isVisible(field, draft));
  const label = (value: Item | Draft | undefined) => String(value?.[ui.labelField] ?? '');

  // Stable, so a keystroke re-renders only the control it changed (FieldControl is memoised).
  const setField = useCallback((name: string, value: unknown) => {
    setDraft((old) => ({ ...old, [name]: value }));
    // A corrected field drops its stale message at once; the others keep theirs until the next save.
    setErrors((old) => {
      const kept = Object.entries(old).filter(([path]) => path.split('.')[0] !== name);
      return kept.length === Object.keys(old).length ? old : Object.fromEntries(kept);
    });
  }, []);
  const changers = useMemo(
    () => new Map(ui.fields.map((field) => [field.name, (value: unknown) => setField(field.name, value)])),
    [ui, setField],
  );

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['entity'] });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const built = buildInput(ui, draft, contract.inputSchema);
    const shownErrors = Object.fromEntries(
      Object.entries(built.errors).filter(([path]) =>
        visibleFields.some((field) => field.name === path.split('.')[0]),
      ),
    );
    setProblem(null);
    if (Object.keys(built.errors).length > 0) {
      setErrors(shownErrors);
      const hidden = Object.entries(built.errors).filter(([path]) => !(path in shownErrors));
      if (hidden.length > 0) {
        setProblem({
          message: 'Some values are invalid',
          errors: hidden.map(([field, message]) => ({ field, message })),
        });
      }
      focusProblem();
      return;
    }
    setSaving(true);
    const result =
      mode === 'edit' && item
        ? await updateItem(client, ui.kind, item.id, built.input)
        : await createItem(client, ui.kind, built.input);
    setSaving(false);
    if (result.status !== 'ok') {
      const split = splitProblem(
        problemOf(result),
        visibleFields.map((field) => field.name),
      );
      setErrors(split.fieldErrors);
      setProblem(split.rest);
      focusProblem();
      return;
    }
    setErrors({});
    const saved = result.data;
    queryClient.setQueryData(entityQueryKeys.item(ui.kind, saved.id), result);
    void refresh();
    toast.success(`${capitalize(names.singular)} "${label(saved)}" ${mode === 'edit' ? 'saved' : 'created'}`);
    if (mode === 'edit') {
      const next = draftFromItem(ui, saved);
      setItem(saved);
      setBaseline(next);
      setDraft(next);
      afterRender(() => focusHeading());
    } else {
      // The new item's page shows what only exists after saving (its URLs to copy).
      guard.leave(`${listPathOf(ui)}/edit/${saved.id}`);
    }
  };

  const runAction = async () => {
    if (!item || !confirming) return;
    if (confirming === 'delete') {
      rejectUnlessOk(await deleteItem(client, ui.kind, item.id));
      void refresh();
      toast.success(`${capitalize(names.singular)} "${label(item)}" deleted`);
      guard.leave(listPathOf(ui));
      return;
    }
    const call = confirming === 'archive' ? archiveItem : restoreItem;
    const updated = rejectUnlessOk(await call(client, ui.kind, item.id));
    setItem(updated);
    void refresh();
    toast.success(
      `${capitalize(names.singular)} "${label(item)}" ${confirming === 'archive' ? 'archived' : 'restored'}`,
    );
  };

  const extras = {
    mode,
    item,
    draft,
    formUiOf: formUiOfKind,
    replaceDraft: (next: Draft) => {
      setDraft(next);
      setErrors({});
    },
  };
  return (
    <div className={styles.page}>
      <PageHeader
        title={title ?? names.plural}
        description={
          mode === 'edit' && item ? (
            <span className={styles.actions}>
              {label(item)} · id {item.id}
              {item.archived && <Badge tone="warning">Archived</Badge>}
            </span>
          ) : mode === 'clone' && loaded ? (
            `A new ${names.singular} starting from "${label(loaded)}"`
          ) : undefined
        }
        actions={
          <span className={styles.actions}>
            {mode === 'edit' && item && (
              <>
                <Button asChild variant="outline" tone="neutral">
                  <Link href={`${listPathOf(ui)}/clone/${item.id}`}>Clone</Link>
                </Button>
                <Button
                  variant="outline"
                  tone="neutral"
                  onClick={() => setConfirming(item.archived ? 'restore' : 'archive')}
                >
                  {item.archived ? 'Restore' : 'Archive'}
                </Button>
                <Button variant="outline" tone="danger" onClick={() => setConfirming('delete')}>
                  Delete
                </Button>
              </>
            )}
            <BackToList ui={ui} />
          </span>
        }
      />
      {ui.FormIntro && <ui.FormIntro {...extras} />}
      {problem && <ProblemBox problem={problem} />}
      <form
        ref={form}
        className={styles.stack}
        onSubmit={submit}
        noValidate
        aria-label={title ?? names.singular}
      >
        <div className={styles.form}>
          {visibleFields.map((field) => (
            <div
              key={field.name}
              className={
                field.kind === 'custom' ||
                field.kind === 'url' ||
                field.kind === 'lines' ||
                (field.kind === 'text' && field.multiline)
                  ? styles.wide
                  : undefined
              }
            >
              <FieldControl
                id={`field-${field.name}`}
                field={field}
                value={draft[field.name]}
                errors={errors}
                disabled={saving || (mode === 'edit' && field.lockedInEdit === true)}
                onChange={changers.get(field.name) ?? ((value) => setField(field.name, value))}
              />
            </div>
          ))}
        </div>
        <div className={styles.actions}>
          <Button type="submit" loading={saving}>
            {mode === 'edit' ? 'Save' : `Create ${names.singular}`}
          </Button>
          {dirty && <span className={styles.muted}>Unsaved changes</span>}
        </div>
      </form>
      {ui.FormOutro && <ui.FormOutro {...extras} />}
      {/* Every kind's edit page shows what was done to the item, by whom (admins; absent for others). */}
      <ItemHistory {...extras} kind={ui.kind} />
      <ConfirmDialog
        open={guard.pendingTarget !== null}
        onOpenChange={(open) => {
          if (!open) guard.cancelLeave();
        }}
        title="Leave without saving?"
        description={`Your changes to this ${names.singular} will be lost.`}
        confirmLabel="Leave"
        cancelLabel="Stay"
        tone="danger"
        onConfirm={guard.confirmLeave}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={
          confirming === 'delete'
            ? `Delete ${names.singular} "${label(item)}"?`
            : confirming === 'archive'
              ? `Archive ${names.singular} "${label(item)}"?`
              : `Restore ${names.singular} "${label(item)}"?`
        }
        description={
          confirming === 'delete'
            ? 'This cannot be undone. Items still in use cannot be deleted; archive them instead.'
            : confirming === 'archive'
              ? 'It leaves the active list; you can restore it later.'
              : 'It returns to the active list.'
        }
        confirmLabel={confirming === 'delete' ? 'Delete' : confirming === 'archive' ? 'Archive' : 'Restore'}
        tone={confirming === 'restore' ? 'accent' : 'danger'}
        onConfirm={runAction}
        renderError={renderProblem}
      />
    </div>
  );
}
