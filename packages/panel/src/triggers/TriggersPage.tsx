import type { Trigger } from '@cairn/contract';
import { Badge, Button, Card, ConfirmDialog, EmptyState, PageHeader, Skeleton } from '@cairn/ui';
import { type ReactNode, useId, useState } from 'react';
import { useCurrentUser } from '../app/hooks.ts';
import type { PageProps } from '../pages/pageProps.ts';
import { useTriggerActions, useTriggerList } from './api.ts';
import { DomainsCard } from './DomainsCard.tsx';
import { when } from './FiringsTable.tsx';
import { TriggerDetails } from './TriggerDetails.tsx';
import { TriggerForm } from './TriggerForm.tsx';
import * as styles from './triggers.css.ts';

// `/triggers` (admins): rules on report numbers that notify and act. Each trigger with its state, last
// check and last firing, a failing channel if any; the form to create and edit; a check now; and the
// backtest and run history.

type Editing = { trigger: Trigger | null } | null;

export default function TriggersPage({ title }: PageProps) {
  const user = useCurrentUser();
  const isAdmin = user !== undefined && user.role !== 'user';
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <>
      <PageHeader
        title={title ?? 'Triggers'}
        description="Conditions on report metrics that notify and act, checked on one node at a time."
        actions={
          isAdmin ? <Button onClick={() => setEditing({ trigger: null })}>New trigger</Button> : undefined
        }
      />
      {isAdmin ? (
        <div className={styles.stack}>
          <Section title="Rules">
            <TriggerCards onEdit={(trigger) => setEditing({ trigger })} />
          </Section>
          <Section title="Domains">
            <DomainsCard />
          </Section>
        </div>
      ) : (
        <EmptyState title="Admins only" description="Ask an admin to set up triggers." />
      )}
      {editing && <TriggerForm trigger={editing.trigger} onClose={() => setEditing(null)} />}
    </>
  );
}

/** A part of the page named by its h2, so the cards' h3 titles keep the heading levels in order. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.stack} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionHeading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function TriggerCards({ onEdit }: { onEdit: (trigger: Trigger) => void }) {
  const list = useTriggerList();
  const actions = useTriggerActions();
  const [details, setDetails] = useState<Trigger | null>(null);
  const [removing, setRemoving] = useState<Trigger | null>(null);
  const [running, setRunning] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<{ id: number; text: string } | null>(null);

  if (list.isPending) return <Skeleton height={200} />;
  if (list.isError) {
    return (
      <EmptyState tone="danger" title="The triggers could not be loaded" description={list.error.message} />
    );
  }
  if (list.data.items.length === 0) {
    return (
      <EmptyState
        title="No triggers yet"
        description="A trigger checks a report over a window, e.g. zones with at least 300 clicks and ROI under -40 %, and notifies or acts."
      />
    );
  }

  const runNow = async (trigger: Trigger) => {
    setRunning(trigger.id);
    const result = await actions.run(trigger.id);
    setRunning(null);
    setOutcome({
      id: trigger.id,
      text:
        result.status === 'ok'
          ? `Checked: ${result.data.outcome}, ${result.data.firings.length} firings${result.data.dryRun ? ' (dry run)' : ''}`
          : result.message,
    });
  };

  return (
    <div className={styles.stack}>
      {list.data.items.map((trigger) => (
        <Card
          key={trigger.id}
          title={trigger.name}
          actions={
            <div className={styles.row}>
              <Button
                variant="outline"
                tone="neutral"
                size="sm"
                onClick={() => onEdit(trigger)}
                aria-label={`Edit ${trigger.name}`}
              >
                Edit
              </Button>
              <Button
                variant="outline"
                tone="neutral"
                size="sm"
                onClick={() => setDetails(trigger)}
                aria-label={`Backtest and history of ${trigger.name}`}
              >
                Backtest and history
              </Button>
              <Button
                variant="outline"
                tone="neutral"
                size="sm"
                loading={running === trigger.id}
                onClick={() => void runNow(trigger)}
                aria-label={`Check ${trigger.name} now`}
              >
                Check now
              </Button>
              <Button
                variant="ghost"
                tone="danger"
                size="sm"
                onClick={() => setRemoving(trigger)}
                aria-label={`Delete ${trigger.name}`}
              >
                Delete
              </Button>
            </div>
          }
        >
          <div className={styles.row}>
            <Badge tone={trigger.enabled ? 'success' : 'neutral'}>
              {trigger.enabled ? 'Enabled' : 'Disabled'}
            </Badge>
            {trigger.dryRun && <Badge tone="info">Dry run</Badge>}
            <span className={styles.muted}>{summary(trigger)}</span>
          </div>
          <p className={styles.muted}>
            {`Last check: ${trigger.lastCheckedAt ? when(trigger.lastCheckedAt) : 'never'}. Last firing: ${trigger.lastFiredAt ? when(trigger.lastFiredAt) : 'never'}.`}
          </p>
          {trigger.channelError && (
            <p className={styles.error}>{`Notification failing: ${trigger.channelError}`}</p>
          )}
          {outcome?.id === trigger.id && <p role="status">{outcome.text}</p>}
        </Card>
      ))}
      {details && <TriggerDetails trigger={details} onClose={() => setDetails(null)} />}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Delete ${removing?.name ?? 'trigger'}?`}
        description="Its run history goes with it. What its actions changed stays."
        confirmLabel="Delete"
        tone="danger"
        onConfirm={async () => {
          if (removing) await actions.remove(removing.id);
          setRemoving(null);
        }}
      />
    </div>
  );
}

function summary(trigger: Trigger): string {
  const window =
    trigger.window.unit === 'today' ? 'today' : `last ${trigger.window.amount} ${trigger.window.unit}`;
  const conditions = trigger.conditions.items
    .map(
      (item) =>
        `${item.metric} ${item.operator === 'drop' ? 'drops by' : item.operator} ${item.value}${item.operator === 'drop' ? '%' : ''}`,
    )
    .join(trigger.conditions.combine === 'and' ? ' AND ' : ' OR ');
  return `${trigger.scope.dimension} rows, ${window}: ${conditions}; every ${trigger.checkEveryMinutes} min, cool-down ${trigger.cooldownMinutes} min, ${trigger.actions.length} actions`;
}
