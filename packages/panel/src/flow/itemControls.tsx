import { Badge, Button, TextField } from '@cairn/ui';
import type { ReactNode } from 'react';
import { useEditor } from './editorContext.ts';
import * as styles from './flow.css.ts';
import { type FlowErrors, formatShare } from './flowModel.ts';

// The parts the cards of the flow editor share: their messages, the header of a path or rule card with its
// tools, and the pause, remove and share controls a lander or offer row reuses.

/**
 * The messages at this item itself (`own`) and below it under keys the item has no control for, so no
 * message the server sends goes unseen.
 */
export function Problems({
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
    // Marked so a failed save can take focus to it: it belongs to no one control.
    <p className={styles.problem} data-problem>
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

export function PauseButton({
  title,
  paused,
  onToggle,
}: {
  title: string;
  paused: boolean;
  onToggle: () => void;
}) {
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

export function RemoveButton({ title, onRemove }: { title: string; onRemove: () => void }) {
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

export function PausedBadge({ paused }: { paused: boolean }) {
  return paused ? (
    <Badge tone="warning" variant="soft">
      Paused
    </Badge>
  ) : null;
}

export function ShareText({ percent, paused }: { percent: number; paused: boolean }) {
  return (
    <span className={styles.share} title="Share of the clicks">
      {paused ? 'paused' : formatShare(percent)}
    </span>
  );
}

/** The head of a path or rule card: title, name, what the card adds (a path's weight), then its tools. */
export function CardHeader<T extends { name: string; paused: boolean }>({
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
