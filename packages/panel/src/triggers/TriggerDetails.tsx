import { BACKTEST_DAYS, type Trigger, type TriggerBacktest } from '@cairn/contract';
import { Badge, Button, Card, Dialog } from '@cairn/ui';
import { useState } from 'react';
import { useTriggerActions, useTriggerRuns } from './api.ts';
import { FiringsTable, when } from './FiringsTable.tsx';
import * as styles from './triggers.css.ts';

// One trigger's backtest and run history: what it would have done over the last days from the stored
// events, and what its runs did (fired, quiet or failed, with the numbers).

const OUTCOME_TONES = { fired: 'warning', quiet: 'neutral', failed: 'danger' } as const;

export function TriggerDetails({ trigger, onClose }: { trigger: Trigger; onClose: () => void }) {
  const actions = useTriggerActions();
  const runs = useTriggerRuns(trigger.id);
  const [backtest, setBacktest] = useState<TriggerBacktest | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  const [problem, setProblem] = useState<string>();

  const runBacktest = async (days: number) => {
    setPending(days);
    setProblem(undefined);
    const result = await actions.backtest(trigger.id, days);
    setPending(null);
    if (result.status === 'ok') setBacktest(result.data);
    else setProblem(result.message);
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content title={`${trigger.name}: backtest and history`} size="lg">
        <div className={styles.stack}>
          <Card
            title="Backtest"
            description="What this trigger would have fired, from the stored events. Nothing is acted on."
          >
            <div className={styles.row}>
              {BACKTEST_DAYS.map((days) => (
                <Button
                  key={days}
                  variant="outline"
                  tone="neutral"
                  size="sm"
                  loading={pending === days}
                  disabled={pending !== null}
                  onClick={() => void runBacktest(days)}
                >
                  {days === 1 ? 'Last day' : `Last ${days} days`}
                </Button>
              ))}
            </div>
            {problem && (
              <p role="alert" className={styles.error}>
                {problem}
              </p>
            )}
            {backtest && (
              <div role="status">
                <p className={styles.muted}>
                  {`${backtest.firings.length} firings in ${backtest.checks} checks every ${backtest.stepMinutes} minutes, ${when(backtest.from)} to ${when(backtest.to)}`}
                </p>
                {backtest.firings.length > 0 && (
                  <FiringsTable trigger={trigger} firings={backtest.firings} caption="Backtest firings" />
                )}
              </div>
            )}
          </Card>
          <Card title="Run history">
            {runs.isPending && <p className={styles.muted}>Loading runs…</p>}
            {runs.isError && <p className={styles.error}>{runs.error.message}</p>}
            {runs.data && runs.data.items.length === 0 && <p className={styles.muted}>Not checked yet.</p>}
            {runs.data?.items.map((run) => (
              <div key={run.id} className={styles.form}>
                <div className={styles.row}>
                  <Badge tone={OUTCOME_TONES[run.outcome]}>{run.outcome}</Badge>
                  {run.dryRun && <Badge tone="info">dry run</Badge>}
                  <span>{when(run.at)}</span>
                  <span className={styles.muted}>
                    {`${run.checked} rows checked, ${run.skippedMinimum} under the minimum, ${run.skippedCooldown} cooling down`}
                  </span>
                </div>
                {run.errors.map((error) => (
                  <p key={error} className={styles.error}>
                    {error}
                  </p>
                ))}
                {run.firings.length > 0 && (
                  <FiringsTable
                    trigger={trigger}
                    firings={run.firings}
                    caption={`Firings of the run at ${when(run.at)}`}
                  />
                )}
              </div>
            ))}
          </Card>
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}
