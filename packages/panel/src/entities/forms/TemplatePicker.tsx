import { Combobox } from '@cairn/ui';
import * as styles from '../entities.css.ts';
import type { Draft, EntityFormUi } from '../types.ts';
import { draftValueFromItem, newDraft } from './draft.ts';

export interface PickableTemplate {
  id: string;
  name: string;
  /** Words a search also matches: the template's categories or verticals. */
  keywords: readonly string[];
  docs: string;
  values: Record<string, unknown>;
}

/** A new form's draft filled with a template's values, field by field as an item would fill it. */
export function draftFromTemplate(formUi: EntityFormUi, values: Record<string, unknown>): Draft {
  const next: Draft = newDraft(formUi);
  for (const field of formUi.fields) {
    if (values[field.name] !== undefined) next[field.name] = draftValueFromItem(field, values[field.name]);
  }
  return next;
}

interface TemplatePickerProps {
  id: string;
  label: string;
  /** What picking one fills in. */
  description: string;
  placeholder: string;
  templates: readonly PickableTemplate[] | undefined;
  isError: boolean;
  selectedId: string | null;
  onPick: (template: PickableTemplate | null) => void;
}

/**
 * "Start from template": type to narrow the list by name or category, pick one to fill the form. One
 * template at a time: picking another replaces the first.
 */
export function TemplatePicker({
  id,
  label,
  description,
  placeholder,
  templates,
  isError,
  selectedId,
  onPick,
}: TemplatePickerProps) {
  const list = templates ?? [];
  const selected = list.find((template) => template.id === selectedId);
  return (
    <div className={styles.templatePicker}>
      <Combobox
        id={id}
        label={label}
        description={
          isError ? (
            'The templates could not be loaded.'
          ) : selected ? (
            <>
              {description}{' '}
              <a href={selected.docs} target="_blank" rel="noreferrer noopener">
                {selected.name}’s documentation
              </a>
            </>
          ) : (
            description
          )
        }
        placeholder={templates === undefined && !isError ? 'Loading…' : placeholder}
        emptyText="No template matches"
        closeOnSelect
        options={list.map((template) => ({
          value: template.id,
          label: template.name,
          keywords: template.keywords.join(' '),
        }))}
        value={selected ? [selected.id] : []}
        onChange={(ids) => {
          const picked = ids.find((each) => each !== selectedId);
          onPick(picked ? (list.find((template) => template.id === picked) ?? null) : null);
        }}
      />
    </div>
  );
}
