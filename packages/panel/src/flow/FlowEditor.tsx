import type { CriterionType } from '@cairn/contract';
import {
  Badge,
  Button,
  Combobox,
  type ComboboxOption,
  NumberField,
  Select,
  TextField,
  visuallyHidden,
} from '@cairn/ui';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import {
  CRITERION_LABELS,
  CRITERION_PLACEHOLDERS,
  CRITERION_TYPE_OPTIONS,
  criterionValueOptions,
} from './criteria.ts';
import * as styles from './flow.css.ts';
import {
  type CriterionDraft,
  DEFAULT_WEIGHT,
  errorsUnder,
  type FlowDraft,
  type FlowErrors,
  formatShare,
  type LanderDraft,
  moveItem,
  newCriterion,
  newPath,
  newRule,
  type OfferDraft,
  type PathDraft,
  type RuleDraft,
  removeAt,
  replaceAt,
  shares,
  type Weight,
} from './flowModel.ts';

// The flow editor: default paths, then rules checked top to bottom, each with its own paths. It is a
// controlled component over the contract's flow shape; errors arrive keyed by field path below the flow
// (the contract's and the server's issue paths), and each item shows the ones at or below it.

/** A lander or offer the flow may name. Archived ones stay nameable so an old flow still reads. */
export interface FlowRefOption {
  id: number;
  label: string;
  archived: boolean;
}

export interface FlowEditorProps {
  value: FlowDraft;
  onChange: (flow: FlowDraft) => void;
  /** Field path below the flow -> message (`defaultPaths.0.offers`, `rules.1.criteria.0.values.2`). */
  errors?: FlowErrors;
  landers: readonly FlowRefOption[];
  offers: readonly FlowRefOption[];
  disabled?: boolean;
  /** Prefix of control ids, so several editors on one page stay distinct. */
  id?: string;
}

interface EditorContext {
  landers: readonly FlowRefOption[];
  offers: readonly FlowRefOption[];
  disabled: boolean;
  id: string;
  /** After a move, keyboard focus follows the moved item's button. */
  focusMoved: (itemPath: string, direction: 'up' | 'down') => void;
  /** After the next render, focus the first enabled element matching one of these selectors, in order. */
  focusSoon: (selectors: string[]) => void;
}

const Context = createContext<EditorContext | null>(null);

function useEditor(): EditorContext {
  const context = useContext(Context);
  if (!context) throw new Error('Flow editor parts render inside FlowEditor');
  return context;
}

const DIRECT = 'direct';

export function FlowEditor({
  value,
  onChange,
  errors = {},
  landers,
  offers,
  disabled = false,
  id = 'flow',
}: FlowEditorProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  // Buttons that add, move or remove items re-render the lists; focus is put back where the keyboard user
  // expects it instead of falling to the page.
  const [focusRequest, setFocusRequest] = useState<string[] | null>(null);

  useEffect(() => {
    if (!focusRequest || !rootRef.current) return;
    for (const selector of focusRequest) {
      const target = rootRef.current.querySelector<HTMLElement>(selector);
      if (target && !(target as HTMLButtonElement).disabled) {
        target.focus();
        break;
      }
    }
    setFocusRequest(null);
  }, [focusRequest]);

  const context = useMemo<EditorContext>(
    () => ({
      landers,
      offers,
      disabled,
      id,
      // At the top or bottom the pressed button is disabled; the other one keeps focus in the item.
      focusMoved: (item, direction) =>
        setFocusRequest([
          `[data-move-of="${item}"][data-move="${direction}"]`,
          `[data-move-of="${item}"][data-move="${direction === 'up' ? 'down' : 'up'}"]`,
        ]),
      focusSoon: setFocusRequest,
    }),
    [landers, offers, disabled, id],
  );

  const rulesErrors = errorsUnder(errors, 'rules');
  return (
    <Context.Provider value={context}>
      <div className={styles.editor} ref={rootRef}>
        <Unplaced errors={errors} />
        <PathList
          title="Default paths"
          description="Clicks that no rule takes go down one of these paths, by weight."
          itemTitle={(index) => `Path ${index + 1}`}
          base="defaultPaths"
          paths={value.defaultPaths}
          errors={errorsUnder(errors, 'defaultPaths')}
          onChange={(defaultPaths) => onChange({ ...value, defaultPaths })}
        />
        <section className={styles.section} aria-label="Rules">
          <div className={styles.sectionHeader}>
            <div>
              <h3 className={styles.heading}>Rules</h3>
              <p className={styles.muted}>
                Checked top to bottom; the first rule whose criteria all match sends the click down its paths.
              </p>
            </div>
            <Button
              type="button"
              size="sm"
              variant="soft"
              disabled={disabled}
              data-add-of="rules"
              onClick={() => {
                onChange({ ...value, rules: [...value.rules, newRule()] });
                context.focusSoon([`[data-flow-item="rules.${value.rules.length}"] input`]);
              }}
            >
              Add rule
            </Button>
          </div>
          <Problems errors={rulesErrors} own />
          {value.rules.length === 0 && (
            <p className={styles.muted}>No rules: every click takes a default path.</p>
          )}
          {value.rules.map((rule, index) => (
            <RuleCard
              // biome-ignore lint/suspicious/noArrayIndexKey: a rule is its place in the list (the order is the meaning)
              key={index}
              rule={rule}
              index={index}
              count={value.rules.length}
              errors={errorsUnder(rulesErrors, String(index))}
              onChange={(next) => onChange({ ...value, rules: replaceAt(value.rules, index, next) })}
              onRemove={() => {
                onChange({ ...value, rules: removeAt(value.rules, index) });
                context.focusSoon(['[data-add-of="rules"]']);
              }}
              onMove={(to) => {
                onChange({ ...value, rules: moveItem(value.rules, index, to) });
                context.focusMoved(`rules.${to}`, to < index ? 'up' : 'down');
              }}
            />
          ))}
        </section>
      </div>
    </Context.Provider>
  );
}

/** Errors whose path names no item of the editor (the flow itself is shown by the form around it). */
function Unplaced({ errors }: { errors: FlowErrors }) {
  const messages = Object.entries(errors).filter(
    ([path]) => path !== '' && !/^(defaultPaths|rules)(\.|$)/.test(path),
  );
  if (messages.length === 0) return null;
  return (
    <p className={styles.problem} role="alert">
      {messages.map(([path, message]) => `${path}: ${message}`).join('\n')}
    </p>
  );
}

/**
 * The messages at this item itself (`own`) and below it under keys the item has no control for, so no
 * message the server sends goes unseen.
 */
function Problems({
  errors,
  own = false,
  placed = [],
}: {
  errors: FlowErrors;
  own?: boolean;
  placed?: readonly string[];
}) {
  const messages = Object.entries(errors).filter(([path]) => {
    if (path === '') return own;
    const head = path.split('.')[0] ?? '';
    // Children (numbered) render their own messages.
    return !placed.includes(head) && !/^\d+$/.test(head);
  });
  if (messages.length === 0) return null;
  return (
    <p className={styles.problem}>
      {messages.map(([path, message]) => (path === '' ? message : `${path}: ${message}`)).join('\n')}
    </p>
  );
}

function MoveButtons({
  itemPath,
  title,
  index,
  count,
  onMove,
}: {
  itemPath: string;
  title: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
}) {
  const { disabled } = useEditor();
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        tone="neutral"
        aria-label={`Move ${title} up`}
        title={`Move ${title} up`}
        data-move-of={itemPath}
        data-move="up"
        disabled={disabled || index === 0}
        onClick={() => onMove(index - 1)}
      >
        <span aria-hidden>↑</span>
      </Button>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        tone="neutral"
        aria-label={`Move ${title} down`}
        title={`Move ${title} down`}
        data-move-of={itemPath}
        data-move="down"
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <span aria-hidden>↓</span>
      </Button>
    </>
  );
}

function PauseButton({ title, paused, onToggle }: { title: string; paused: boolean; onToggle: () => void }) {
  const { disabled } = useEditor();
  return (
    <Button
      type="button"
      size="sm"
      variant="ghost"
      tone="neutral"
      aria-label={`${paused ? 'Resume' : 'Pause'} ${title}`}
      disabled={disabled}
      onClick={onToggle}
    >
      {paused ? 'Resume' : 'Pause'}
    </Button>
  );
}

function RemoveButton({ title, onRemove }: { title: string; onRemove: () => void }) {
  const { disabled } = useEditor();
  return (
    <Button
      type="button"
      size="sm"
      variant="ghost"
      tone="danger"
      aria-label={`Remove ${title}`}
      disabled={disabled}
      onClick={onRemove}
    >
      Remove
    </Button>
  );
}

function PausedBadge({ paused }: { paused: boolean }) {
  return paused ? (
    <Badge tone="warning" variant="soft">
      Paused
    </Badge>
  ) : null;
}

function ShareText({ percent, paused }: { percent: number; paused: boolean }) {
  return (
    <span className={styles.share} title="Share of the clicks">
      {paused ? 'paused' : formatShare(percent)}
    </span>
  );
}

function PathList({
  title,
  description,
  itemTitle,
  base,
  paths,
  errors,
  onChange,
}: {
  title: string;
  description?: string;
  itemTitle: (index: number) => string;
  /** Field path of the list below the flow (`defaultPaths`, `rules.0.paths`). */
  base: string;
  paths: readonly PathDraft[];
  errors: FlowErrors;
  onChange: (paths: PathDraft[]) => void;
}) {
  const { disabled, focusMoved, focusSoon } = useEditor();
  const pathShares = shares(paths);
  const Heading = base === 'defaultPaths' ? 'h3' : 'h4';
  return (
    <section className={styles.section} aria-label={title}>
      <div className={styles.sectionHeader}>
        <div>
          <Heading className={base === 'defaultPaths' ? styles.heading : styles.subheading}>{title}</Heading>
          {description && <p className={styles.muted}>{description}</p>}
        </div>
        <Button
          type="button"
          size="sm"
          variant="soft"
          disabled={disabled}
          aria-label={`Add ${itemTitle(paths.length).replace(/ \d+$/, '').toLowerCase()}`}
          data-add-of={base}
          onClick={() => {
            onChange([...paths, newPath()]);
            focusSoon([`[data-flow-item="${base}.${paths.length}"] input`]);
          }}
        >
          Add path
        </Button>
      </div>
      <Problems errors={errors} own />
      {paths.map((path, index) => (
        <PathCard
          // biome-ignore lint/suspicious/noArrayIndexKey: a path is its place in the list
          key={index}
          path={path}
          title={itemTitle(index)}
          itemPath={`${base}.${index}`}
          index={index}
          count={paths.length}
          share={pathShares[index] ?? 0}
          errors={errorsUnder(errors, String(index))}
          onChange={(next) => onChange(replaceAt(paths, index, next))}
          onRemove={() => {
            onChange(removeAt(paths, index));
            focusSoon([`[data-add-of="${base}"]`]);
          }}
          onMove={(to) => {
            onChange(moveItem(paths, index, to));
            focusMoved(`${base}.${to}`, to < index ? 'up' : 'down');
          }}
        />
      ))}
    </section>
  );
}

function PathCard({
  path,
  title,
  itemPath,
  index,
  count,
  share,
  errors,
  onChange,
  onRemove,
  onMove,
}: {
  path: PathDraft;
  title: string;
  itemPath: string;
  index: number;
  count: number;
  share: number;
  errors: FlowErrors;
  onChange: (path: PathDraft) => void;
  onRemove: () => void;
  onMove: (to: number) => void;
}) {
  const { id, landers, offers } = useEditor();
  const controlId = `${id}-${itemPath.replaceAll('.', '-')}`;
  return (
    <fieldset
      aria-label={title}
      data-flow-item={itemPath}
      className={[styles.card, path.paused && styles.paused].filter(Boolean).join(' ')}
    >
      <CardHeader
        item={path}
        title={title}
        controlId={controlId}
        itemPath={itemPath}
        index={index}
        count={count}
        nameError={errors.name}
        onChange={onChange}
        onRemove={onRemove}
        onMove={onMove}
      >
        <WeightField
          id={`${controlId}-weight`}
          label={title}
          value={path.weight}
          error={errors.weight}
          onChange={(weight) => onChange({ ...path, weight })}
        />
        <ShareText percent={share} paused={path.paused} />
      </CardHeader>
      <Problems errors={errors} own placed={['name', 'weight', 'landers', 'offers', 'paused']} />
      <div className={styles.columns}>
        <WeightedItems
          heading="Landers"
          emptyText="Direct: no lander, the click goes straight to an offer."
          pathTitle={title}
          controlId={`${controlId}-landers`}
          options={[
            { value: DIRECT, label: 'Direct (no lander)', keywords: 'none offer' },
            ...refComboboxOptions(
              landers,
              new Set(path.landers.flatMap((item) => (item.landingId === null ? [] : [item.landingId]))),
              'Lander',
            ),
          ]}
          items={path.landers}
          keyOf={landerKey}
          refField="landingId"
          create={(key) => ({
            landingId: key === DIRECT ? null : Number(key),
            weight: DEFAULT_WEIGHT,
            paused: false,
          })}
          errors={errorsUnder(errors, 'landers')}
          onChange={(items) => onChange({ ...path, landers: items })}
        />
        <WeightedItems
          heading="Offers"
          emptyText="No offers yet: an active path needs at least one."
          pathTitle={title}
          controlId={`${controlId}-offers`}
          options={refComboboxOptions(offers, new Set(path.offers.map((item) => item.offerId)), 'Offer')}
          items={path.offers}
          keyOf={offerKey}
          refField="offerId"
          create={(key) => ({ offerId: Number(key), weight: DEFAULT_WEIGHT, paused: false })}
          errors={errorsUnder(errors, 'offers')}
          onChange={(items) => onChange({ ...path, offers: items })}
        />
      </div>
    </fieldset>
  );
}

/** The head of a path or rule card: title, name, what the card adds (a path's weight), then its tools. */
function CardHeader<T extends { name: string; paused: boolean }>({
  item,
  title,
  controlId,
  itemPath,
  index,
  count,
  nameError,
  onChange,
  onRemove,
  onMove,
  children,
}: {
  item: T;
  title: string;
  controlId: string;
  itemPath: string;
  index: number;
  count: number;
  nameError: string | undefined;
  onChange: (item: T) => void;
  onRemove: () => void;
  onMove: (to: number) => void;
  children?: ReactNode;
}) {
  const { disabled } = useEditor();
  return (
    <div className={styles.itemHeader}>
      <span className={styles.itemTitle}>
        {title}
        <PausedBadge paused={item.paused} />
      </span>
      <TextField
        id={`${controlId}-name`}
        className={styles.grow}
        label="Name"
        aria-label={`${title} name`}
        placeholder="Optional, shown in reports"
        value={item.name}
        error={nameError}
        disabled={disabled}
        onChange={(event) => onChange({ ...item, name: event.target.value })}
      />
      {children}
      <div className={styles.tools}>
        <MoveButtons itemPath={itemPath} title={title} index={index} count={count} onMove={onMove} />
        <PauseButton
          title={title}
          paused={item.paused}
          onToggle={() => onChange({ ...item, paused: !item.paused })}
        />
        <RemoveButton title={title} onRemove={onRemove} />
      </div>
    </div>
  );
}

function WeightField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: Weight;
  error: string | undefined;
  onChange: (weight: Weight) => void;
}) {
  const { disabled } = useEditor();
  return (
    <NumberField
      id={id}
      className={styles.weight}
      label={
        <>
          Weight <span className={visuallyHidden}>of {label}</span>
        </>
      }
      value={value}
      error={error}
      min={1}
      step={1}
      disabled={disabled}
      onChange={onChange}
    />
  );
}

/** Combobox options for references: the active items, plus the chosen ones even when archived. */
function refComboboxOptions(
  options: readonly FlowRefOption[],
  chosen: ReadonlySet<number>,
  kindLabel: string,
): ComboboxOption[] {
  const known = new Set(options.map((option) => option.id));
  return [
    ...options
      .filter((option) => !option.archived || chosen.has(option.id))
      .map((option) => ({
        value: String(option.id),
        label: option.archived ? `${option.label} (archived)` : option.label,
        keywords: `#${option.id}`,
      })),
    // A reference the option list does not hold (still loading, or hidden by permissions) keeps a name.
    ...[...chosen]
      .filter((chosenId) => !known.has(chosenId))
      .map((chosenId) => ({ value: String(chosenId), label: `${kindLabel} #${chosenId}` })),
  ];
}

function labelOf(options: readonly ComboboxOption[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

/** Rebuilds the rows after the combobox changed the chosen set: kept rows keep their weight and pause. */
function syncRows<T>(
  rows: readonly T[],
  keyOf: (row: T) => string,
  keys: readonly string[],
  create: (key: string) => T,
): T[] {
  const byKey = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.map((key) => byKey.get(key) ?? create(key));
}

const landerKey = (item: LanderDraft) => (item.landingId === null ? DIRECT : String(item.landingId));
const offerKey = (item: OfferDraft) => String(item.offerId);

/** A path's landers or offers: pick them in a combobox, then weigh and pause each one. */
function WeightedItems<T extends { weight: Weight; paused: boolean }>({
  heading,
  emptyText,
  pathTitle,
  controlId,
  options,
  items,
  keyOf,
  refField,
  create,
  errors,
  onChange,
}: {
  heading: string;
  emptyText: string;
  pathTitle: string;
  controlId: string;
  options: readonly ComboboxOption[];
  items: readonly T[];
  /** The combobox value of an item. */
  keyOf: (item: T) => string;
  /** The item's reference field: its errors belong to the row as a whole. */
  refField: string;
  /** A new row for a value just chosen in the combobox. */
  create: (key: string) => T;
  errors: FlowErrors;
  onChange: (items: T[]) => void;
}) {
  const { disabled } = useEditor();
  const keys = items.map(keyOf);
  const onKeys = (next: string[]) => onChange(syncRows(items, keyOf, next, create));
  const onRow = (index: number, change: { weight?: Weight; paused?: boolean }) =>
    onChange(replaceAt(items, index, { ...(items[index] as T), ...change }));
  const onRemove = (index: number) => onChange(removeAt(items, index));
  /** The error keys (below the list) that belong to row `index` as a whole. */
  const itemErrorsKey = (index: number) => [`${index}.${refField}`, `${index}`, `${index}.paused`];
  const rowShares = shares(items);
  const singular = heading.slice(0, -1).toLowerCase();
  return (
    <div className={styles.section}>
      <Combobox
        id={controlId}
        label={
          <>
            {heading} <span className={visuallyHidden}>of {pathTitle}</span>
          </>
        }
        options={options}
        value={keys}
        disabled={disabled}
        placeholder={`Add ${singular}...`}
        error={errors['']}
        onChange={onKeys}
      />
      {items.length === 0 ? (
        <p className={styles.muted}>{emptyText}</p>
      ) : (
        <ul className={`${styles.itemRows} ${styles.plainList}`} aria-label={`${heading} of ${pathTitle}`}>
          {items.map((row, index) => {
            const name = labelOf(options, keys[index] ?? '');
            const title = `${name} (${pathTitle})`;
            const rowProblems = itemErrorsKey(index)
              .map((key) => errors[key])
              .filter((message): message is string => Boolean(message));
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows follow the chosen order, keyed by place
              <li key={index} className={styles.itemRow}>
                <span className={styles.itemName}>
                  {name} <PausedBadge paused={row.paused} />
                </span>
                <NumberField
                  id={`${controlId}-${index}-weight`}
                  className={styles.weight}
                  label={<span className={visuallyHidden}>Weight of {title}</span>}
                  value={row.weight}
                  min={1}
                  step={1}
                  disabled={disabled}
                  error={errors[`${index}.weight`]}
                  onChange={(weight) => onRow(index, { weight })}
                />
                <ShareText percent={rowShares[index] ?? 0} paused={row.paused} />
                <PauseButton
                  title={title}
                  paused={row.paused}
                  onToggle={() => onRow(index, { paused: !row.paused })}
                />
                <RemoveButton title={title} onRemove={() => onRemove(index)} />
                {rowProblems.length > 0 && <p className={styles.problem}>{rowProblems.join('\n')}</p>}
              </li>
            );
          })}
        </ul>
      )}
      <Problems errors={errors} />
    </div>
  );
}

function RuleCard({
  rule,
  index,
  count,
  errors,
  onChange,
  onRemove,
  onMove,
}: {
  rule: RuleDraft;
  index: number;
  count: number;
  errors: FlowErrors;
  onChange: (rule: RuleDraft) => void;
  onRemove: () => void;
  onMove: (to: number) => void;
}) {
  const { disabled, id } = useEditor();
  const title = `Rule ${index + 1}`;
  const itemPath = `rules.${index}`;
  const controlId = `${id}-rules-${index}`;
  const criteriaErrors = errorsUnder(errors, 'criteria');
  return (
    <fieldset
      aria-label={title}
      data-flow-item={itemPath}
      className={[styles.card, styles.rule, rule.paused && styles.paused].filter(Boolean).join(' ')}
    >
      <CardHeader
        item={rule}
        title={title}
        controlId={controlId}
        itemPath={itemPath}
        index={index}
        count={count}
        nameError={errors.name}
        onChange={onChange}
        onRemove={onRemove}
        onMove={onMove}
      />
      <Problems errors={errors} own placed={['name', 'criteria', 'paths', 'paused']} />
      <section className={styles.section} aria-label={`${title} criteria`}>
        <div className={styles.sectionHeader}>
          <h4 className={styles.subheading}>Criteria (all must match)</h4>
          <Button
            type="button"
            size="sm"
            variant="soft"
            aria-label={`Add criterion to ${title}`}
            disabled={disabled}
            onClick={() => onChange({ ...rule, criteria: [...rule.criteria, newCriterion()] })}
          >
            Add criterion
          </Button>
        </div>
        <Problems errors={criteriaErrors} own />
        {rule.criteria.map((criterion, at) => (
          <CriterionRow
            // biome-ignore lint/suspicious/noArrayIndexKey: criteria are ANDed; their place is their identity
            key={at}
            criterion={criterion}
            title={`${title} criterion ${at + 1}`}
            controlId={`${controlId}-criteria-${at}`}
            errors={errorsUnder(criteriaErrors, String(at))}
            onChange={(next) => onChange({ ...rule, criteria: replaceAt(rule.criteria, at, next) })}
            onRemove={() => onChange({ ...rule, criteria: removeAt(rule.criteria, at) })}
          />
        ))}
      </section>
      <PathList
        title={`${title} paths`}
        itemTitle={(at) => `${title} path ${at + 1}`}
        base={`${itemPath}.paths`}
        paths={rule.paths}
        errors={errorsUnder(errors, 'paths')}
        onChange={(paths) => onChange({ ...rule, paths })}
      />
    </fieldset>
  );
}

/** A criterion's values with their own messages: `"XX": Country is a 2-letter ...`. */
function valuesMessage(criterion: CriterionDraft, errors: FlowErrors): ReactNode {
  const own = errors.values;
  const perValue = Object.entries(errors)
    .filter(([path]) => path.startsWith('values.'))
    .map(([path, message]) => {
      const value = criterion.values[Number(path.slice('values.'.length))];
      return value === undefined ? message : `"${value}": ${message}`;
    });
  const all = [own, ...perValue].filter(Boolean);
  return all.length > 0 ? all.join('\n') : undefined;
}

function CriterionRow({
  criterion,
  title,
  controlId,
  errors,
  onChange,
  onRemove,
}: {
  criterion: CriterionDraft;
  title: string;
  controlId: string;
  errors: FlowErrors;
  onChange: (criterion: CriterionDraft) => void;
  onRemove: () => void;
}) {
  const { disabled } = useEditor();
  const { options, creatable } = criterionValueOptions(criterion.type);
  return (
    <div className={styles.section}>
      <div className={styles.criterion}>
        <Select<CriterionType>
          id={`${controlId}-type`}
          label="Criterion"
          aria-label={`${title} type`}
          options={CRITERION_TYPE_OPTIONS}
          value={criterion.type}
          error={errors.type}
          disabled={disabled}
          // Values of one type mean nothing to another, so a new type starts empty.
          onValueChange={(type) => onChange({ ...newCriterion(type), mode: criterion.mode })}
        />
        <Select<'include' | 'exclude'>
          id={`${controlId}-mode`}
          label="Match"
          aria-label={`${title} match`}
          options={[
            { value: 'include', label: 'is one of' },
            { value: 'exclude', label: 'is none of' },
          ]}
          value={criterion.mode}
          error={errors.mode}
          disabled={disabled}
          onValueChange={(mode) => onChange({ ...criterion, mode })}
        />
        <div className={styles.section}>
          {criterion.type === 'token' && (
            <NumberField
              id={`${controlId}-token`}
              label={
                <>
                  Token number <span className={visuallyHidden}>of {title}</span>
                </>
              }
              value={criterion.tokenIndex}
              min={1}
              max={30}
              disabled={disabled}
              error={errors.tokenIndex}
              onChange={(tokenIndex) => onChange({ ...criterion, tokenIndex })}
            />
          )}
          <Combobox
            id={`${controlId}-values`}
            label={
              <>
                {CRITERION_LABELS[criterion.type]} values <span className={visuallyHidden}>of {title}</span>
              </>
            }
            options={options}
            creatable={creatable}
            value={criterion.values}
            disabled={disabled}
            placeholder={CRITERION_PLACEHOLDERS[criterion.type] ?? 'Choose...'}
            error={valuesMessage(criterion, errors)}
            onChange={(values) => onChange({ ...criterion, values })}
          />
        </div>
        <div className={styles.tools}>
          <RemoveButton title={title} onRemove={onRemove} />
        </div>
      </div>
      <Problems errors={errors} own placed={['type', 'mode', 'tokenIndex', 'values']} />
    </div>
  );
}
