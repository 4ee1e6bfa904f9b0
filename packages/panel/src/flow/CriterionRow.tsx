import type { CriterionType } from '@cairn/contract';
import { Combobox, NumberField, Select, visuallyHidden } from '@cairn/ui';
import type { ReactNode } from 'react';
import {
  CRITERION_LABELS,
  CRITERION_PLACEHOLDERS,
  CRITERION_TYPE_OPTIONS,
  criterionValueOptions,
} from './criteria.ts';
import { useEditor } from './editorContext.ts';
import * as styles from './flow.css.ts';
import { type CriterionDraft, type FlowErrors, newCriterion } from './flowModel.ts';
import { Problems, RemoveButton } from './itemControls.tsx';

// One criterion of a rule: what it looks at (type, and for tokens which one), include or exclude, and the
// values; the values' messages name the value they are about.

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

export function CriterionRow({
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
