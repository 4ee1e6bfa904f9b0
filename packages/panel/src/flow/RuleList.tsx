import { Button } from '@cairn/ui';
import { CriterionRow } from './CriterionRow.tsx';
import { useEditor } from './editorContext.ts';
import * as styles from './flow.css.ts';
import {
  errorsUnder,
  type FlowErrors,
  moveItem,
  newCriterion,
  newRule,
  type RuleDraft,
  removeAt,
  replaceAt,
} from './flowModel.ts';
import { CardHeader, Problems } from './itemControls.tsx';
import { PathList } from './PathList.tsx';

// The rules: checked top to bottom, each a card with its criteria (all must match) and its own paths.

export function RuleList({
  rules,
  errors,
  onChange,
}: {
  rules: readonly RuleDraft[];
  /** The messages under `rules`. */
  errors: FlowErrors;
  onChange: (rules: RuleDraft[]) => void;
}) {
  const { disabled, focusMoved, focusSoon } = useEditor();
  return (
    <section className={styles.section} aria-label="Rules">
      <div className={styles.sectionHeader}>
        <div>
          <h2 className={styles.heading}>Rules</h2>
          <p className={styles.muted}>
            Checked from top to bottom: the first rule whose criteria all match sends the click to its paths.
          </p>
        </div>
        <Button
          type="button"
          size="sm"
          variant="soft"
          disabled={disabled}
          data-add-of="rules"
          onClick={() => {
            onChange([...rules, newRule()]);
            focusSoon([`[data-flow-item="rules.${rules.length}"] input`]);
          }}
        >
          Add rule
        </Button>
      </div>
      <Problems errors={errors} own />
      {rules.length === 0 && (
        <p className={styles.muted}>No rules yet: every click goes to the default paths.</p>
      )}
      {rules.map((rule, index) => (
        <RuleCard
          // biome-ignore lint/suspicious/noArrayIndexKey: a rule is its place in the list (the order is the meaning)
          key={index}
          rule={rule}
          index={index}
          count={rules.length}
          errors={errorsUnder(errors, String(index))}
          onChange={(next) => onChange(replaceAt(rules, index, next))}
          onRemove={() => {
            onChange(removeAt(rules, index));
            focusSoon(['[data-add-of="rules"]']);
          }}
          onMove={(to) => {
            onChange(moveItem(rules, index, to));
            focusMoved(`rules.${to}`, to < index ? 'up' : 'down');
          }}
        />
      ))}
    </section>
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
          <h3 className={styles.subheading}>Criteria (all must match)</h3>
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
        addLabel={`Add path to ${title}`}
        base={`${itemPath}.paths`}
        paths={rule.paths}
        errors={errorsUnder(errors, 'paths')}
        onChange={(paths) => onChange({ ...rule, paths })}
      />
    </fieldset>
  );
}
