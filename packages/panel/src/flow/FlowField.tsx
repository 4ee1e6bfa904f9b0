import { useRefOptions } from '../entities/refs.ts';
import type { CustomFieldProps, Draft, FormFieldSpec } from '../entities/types.ts';
import { FlowEditor } from './FlowEditor.tsx';
import { type FlowDraft, flowDraftOf, newFlow } from './flowModel.ts';

// The flow editor as a field of the generic entity form (rotations, and campaigns with their own flow):
// the landers, offers and target campaigns it offers come from the same option lists the other reference fields use.

function FlowFieldControl({ id, value, onChange, errors, disabled }: CustomFieldProps) {
  const landers = useRefOptions({ kind: 'landing' });
  const offers = useRefOptions({ kind: 'offer' });
  const campaigns = useRefOptions({ kind: 'campaign' });
  return (
    <FlowEditor
      id={id}
      value={value as FlowDraft}
      onChange={onChange}
      errors={errors}
      landers={landers.options ?? []}
      offers={offers.options ?? []}
      campaigns={campaigns.options ?? []}
      disabled={disabled}
    />
  );
}

export function flowFieldSpec(options: {
  description: string;
  /** When this holds the flow is not used: it stays hidden and is sent as null. */
  unused?: (draft: Draft) => boolean;
}): FormFieldSpec {
  const unused = options.unused;
  return {
    kind: 'custom',
    name: 'flow',
    label: 'Flow',
    description: options.description,
    defaultValue: newFlow(),
    // A campaign on a rotation has no flow of its own: switching it back starts from one default path.
    fromItem: (value) => flowDraftOf(value),
    ...(unused
      ? {
          visible: (draft: Draft) => !unused(draft),
          toInput: (value: unknown, draft: Draft) => (unused(draft) ? null : value),
        }
      : {}),
    massEditable: false,
    render: (props) => <FlowFieldControl {...props} />,
  };
}
