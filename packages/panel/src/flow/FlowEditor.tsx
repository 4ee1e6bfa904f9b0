import { useEffect, useMemo, useRef, useState } from 'react';
import { type EditorContext, FlowEditorContext, type FlowRefOption } from './editorContext.ts';
import * as styles from './flow.css.ts';
import { errorsUnder, type FlowDraft, type FlowErrors } from './flowModel.ts';
import { PathList } from './PathList.tsx';
import { RuleList } from './RuleList.tsx';

// The flow editor: default paths, then rules checked top to bottom, each with its own paths. It is a
// controlled component over the contract's flow shape; errors arrive keyed by field path below the flow
// (the contract's and the server's issue paths), and each item shows the ones at or below it. The parts
// live beside it: PathList (paths and their weighted landers and offers), RuleList (rules and their
// criteria), itemControls (what every card shares).

export type { FlowRefOption };

const NO_CAMPAIGNS: readonly FlowRefOption[] = [];

export interface FlowEditorProps {
  value: FlowDraft;
  onChange: (flow: FlowDraft) => void;
  /** Field path below the flow -> message (`defaultPaths.0.offers`, `rules.1.criteria.0.values.2`). */
  errors?: FlowErrors;
  landers: readonly FlowRefOption[];
  offers: readonly FlowRefOption[];
  /** Campaigns a path may send its clicks to; none: the campaign target has nothing to offer. */
  campaigns?: readonly FlowRefOption[];
  disabled?: boolean;
  /** Prefix of control ids, so several editors on one page stay distinct. */
  id?: string;
}

export function FlowEditor({
  value,
  onChange,
  errors = {},
  landers,
  offers,
  campaigns = NO_CAMPAIGNS,
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
      campaigns,
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
    [landers, offers, campaigns, disabled, id],
  );

  return (
    <FlowEditorContext.Provider value={context}>
      <div className={styles.editor} ref={rootRef}>
        <Unplaced errors={errors} />
        <PathList
          title="Default paths"
          description="Clicks that match no rule are split among these paths by weight."
          itemTitle={(index) => `Path ${index + 1}`}
          base="defaultPaths"
          paths={value.defaultPaths}
          errors={errorsUnder(errors, 'defaultPaths')}
          onChange={(defaultPaths) => onChange({ ...value, defaultPaths })}
        />
        <RuleList
          rules={value.rules}
          errors={errorsUnder(errors, 'rules')}
          onChange={(rules) => onChange({ ...value, rules })}
        />
      </div>
    </FlowEditorContext.Provider>
  );
}

/** Errors whose path names no item of the editor (the flow itself is shown by the form around it). */
function Unplaced({ errors }: { errors: FlowErrors }) {
  const messages = Object.entries(errors).filter(
    ([path]) => path !== '' && !/^(defaultPaths|rules)(\.|$)/.test(path),
  );
  if (messages.length === 0) return null;
  return (
    <p className={styles.problem} role="alert" data-problem>
      {messages.map(([path, message]) => `${path}: ${message}`).join('\n')}
    </p>
  );
}
