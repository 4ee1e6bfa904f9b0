import { FLOW_TARGET_NAMES, FLOW_TARGETS, type FlowTarget } from '@cairn/contract';
import { Button, type ComboboxOption, NumberField, Select, TextField, visuallyHidden } from '@cairn/ui';
import { type FlowRefOption, useEditor } from './editorContext.ts';
import * as styles from './flow.css.ts';
import {
  DEFAULT_WEIGHT,
  errorsUnder,
  type FlowErrors,
  type LanderDraft,
  moveItem,
  newPath,
  type OfferDraft,
  type PathDraft,
  removeAt,
  replaceAt,
  shares,
  type Weight,
} from './flowModel.ts';
import { CardHeader, Problems, ShareText } from './itemControls.tsx';
import { WeightedItems } from './WeightedItems.tsx';

// A list of weighted paths (the flow's default paths, or a rule's), each with its landers and offers, or
// the campaign or URL it sends its clicks to instead.

const TARGET_OPTIONS = FLOW_TARGETS.map((value) => ({ value, label: FLOW_TARGET_NAMES[value] }));

const DIRECT = 'direct';

export function PathList({
  title,
  description,
  itemTitle,
  addLabel,
  base,
  paths,
  errors,
  onChange,
}: {
  title: string;
  description?: string;
  itemTitle: (index: number) => string;
  /** The add button's name where "Add path" alone is ambiguous (a rule's paths); it starts with the visible text. */
  addLabel?: string;
  /** Field path of the list below the flow (`defaultPaths`, `rules.0.paths`). */
  base: string;
  paths: readonly PathDraft[];
  errors: FlowErrors;
  onChange: (paths: PathDraft[]) => void;
}) {
  const { disabled, focusMoved, focusSoon } = useEditor();
  const pathShares = shares(paths);
  // The page's h1 is the campaign or rotation; the default paths and the rules are the flow's sections.
  const Heading = base === 'defaultPaths' ? 'h2' : 'h3';
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
          aria-label={addLabel}
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
  const { id, landers, offers, campaigns, disabled } = useEditor();
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
      <Problems
        errors={errors}
        own
        placed={['name', 'weight', 'landers', 'offers', 'paused', 'target', 'campaignId', 'url']}
      />
      <Select<FlowTarget>
        id={`${controlId}-target`}
        label="Send clicks to"
        aria-label={`${title} target`}
        options={TARGET_OPTIONS}
        value={path.target ?? 'offers'}
        error={errors.target}
        disabled={disabled}
        // Landers and offers mean nothing to the other targets, and the contract refuses them there.
        onValueChange={(target) =>
          onChange({
            ...path,
            target,
            campaignId: null,
            url: null,
            landers: target === 'offers' ? path.landers : [],
            offers: target === 'offers' ? path.offers : [],
          })
        }
      />
      {path.target === 'campaign' && (
        <Select<string>
          id={`${controlId}-campaign`}
          label="Campaign"
          description="The click goes on through that campaign's flow and is counted there."
          aria-label={`${title} campaign`}
          placeholder="Choose a campaign"
          options={refComboboxOptions(
            campaigns,
            new Set(path.campaignId === null ? [] : [path.campaignId]),
            'Campaign',
          ).map(({ value, label }) => ({ value, label }))}
          // Radix shows the placeholder for an empty value, and the Select stays controlled throughout.
          value={path.campaignId === null ? '' : String(path.campaignId)}
          error={errors.campaignId}
          disabled={disabled}
          onValueChange={(value) => onChange({ ...path, campaignId: Number(value) })}
        />
      )}
      {path.target === 'url' && (
        <TextField
          id={`${controlId}-url`}
          label={
            <>
              URL <span className={visuallyHidden}>of {title}</span>
            </>
          }
          description="Macros such as {clickid} are filled as in offer URLs."
          placeholder="https://example.com/?sub={clickid}"
          value={path.url ?? ''}
          error={errors.url}
          disabled={disabled}
          onChange={(event) =>
            onChange({ ...path, url: event.target.value === '' ? null : event.target.value })
          }
        />
      )}
      {(path.target ?? 'offers') === 'offers' && (
        <div className={styles.columns}>
          <WeightedItems
            heading="Landers"
            emptyText="No lander: the click goes straight to an offer."
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
            emptyText="No offers yet: an active path needs at least one offer."
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
      )}
    </fieldset>
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

const landerKey = (item: LanderDraft) => (item.landingId === null ? DIRECT : String(item.landingId));
const offerKey = (item: OfferDraft) => String(item.offerId);
