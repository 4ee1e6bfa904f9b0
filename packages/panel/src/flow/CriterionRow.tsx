import {
  type CriterionOperator,
  type CriterionType,
  isNamedCriterion,
  isZonedCriterion,
} from '@cairn/contract';
import { Combobox, NumberField, Select, TextField, visuallyHidden } from '@cairn/ui';
import { memo, type ReactNode } from 'react';
import {
  CRITERION_LABELS,
  CRITERION_PLACEHOLDERS,
  CRITERION_TYPE_OPTIONS,
  criterionValueOptions,
  OPERATOR_OPTIONS,
} from './criteria.ts';
import { useEditor } from './editorContext.ts';
import * as styles from './flow.css.ts';
import { type CriterionDraft, type FlowErrors, newCriterion } from './flowModel.ts';
import { Problems, RemoveButton } from './itemControls.tsx';

// One criterion of a rule: what it looks at (type, and for tokens which one, for parameters and headers
// which one and how), include or exclude, for time criteria the zone, and the values; the values'
// messages name the value they are about.

const ZONE_LIST = 'flow-criterion-zones';

/** The zones offered as suggestions, drawn once per editor: hundreds read better filtered by typing. */
const ZoneSuggestions = memo(function ZoneSuggestions() {
  const zones =
    (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return (
    <datalist id={ZONE_LIST}>
      {(zones.includes('UTC') ? zones : ['UTC', ...zones]).map((zone) => (
        <option key={zone} value={zone} />
      ))}
    </datalist>
  );
});

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
  const named = isNamedCriterion(criterion.type);
  const operator: CriterionOperator = criterion.operator ?? 'equals';
  const takesValues = !named || (operator !== 'exists' && operator !== 'not_exists');
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
          {named && (
            <>
              <TextField
                id={`${controlId}-name`}
                label={
                  <>
                    {criterion.type === 'header' ? 'Header name' : 'Parameter name'}{' '}
                    <span className={visuallyHidden}>of {title}</span>
                  </>
                }
                placeholder={criterion.type === 'header' ? 'e.g. X-Requested-With' : 'e.g. zone'}
                value={criterion.name ?? ''}
                disabled={disabled}
                error={errors.name}
                onChange={(event) => onChange({ ...criterion, name: event.target.value })}
              />
              <Select<CriterionOperator>
                id={`${controlId}-operator`}
                label="Compare"
                aria-label={`${title} comparison`}
                options={OPERATOR_OPTIONS}
                value={operator}
                error={errors.operator}
                disabled={disabled}
                // "exists" takes no values: the ones typed for "equals" would only be refused.
                onValueChange={(next) =>
                  onChange({
                    ...criterion,
                    operator: next,
                    values: next === 'exists' || next === 'not_exists' ? [] : criterion.values,
                  })
                }
              />
            </>
          )}
          {isZonedCriterion(criterion.type) && (
            <>
              <ZoneSuggestions />
              <TextField
                id={`${controlId}-zone`}
                label={
                  <>
                    Time zone <span className={visuallyHidden}>of {title}</span>
                  </>
                }
                list={ZONE_LIST}
                placeholder="The tracker's time zone"
                value={criterion.timezone ?? ''}
                disabled={disabled}
                error={errors.timezone}
                onChange={(event) => {
                  const zone = event.target.value.trim();
                  onChange({ ...criterion, timezone: zone === '' ? null : zone });
                }}
              />
            </>
          )}
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
          {takesValues && (
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
          )}
        </div>
        <div className={styles.tools}>
          <RemoveButton title={title} onRemove={onRemove} />
        </div>
      </div>
      <Problems
        errors={errors}
        own
        placed={
          takesValues
            ? ['type', 'mode', 'tokenIndex', 'name', 'operator', 'timezone', 'values']
            : ['type', 'mode', 'tokenIndex', 'name', 'operator', 'timezone']
        }
      />
    </div>
  );
}
