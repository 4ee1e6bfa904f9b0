import { SEED_CLICKS_MAX_FROM_PANEL, type SeedResponse, seedRequestSchema } from '@cairn/contract';
import { Button, Card, NumberField } from '@cairn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useServices } from '../../app/services.ts';
import { type CallProblem, problemOf } from '../../entities/api.ts';
import { ProblemBox, splitProblem } from '../../entities/problems.tsx';
import type { FieldErrors } from '../../entities/types.ts';
import { Figures } from '../../pages/Figures.tsx';
import * as pageStyles from '../../pages/pages.css.ts';
import { formatCount, formatMilliseconds } from '../../utils/format.ts';
import { runSeed } from '../api.ts';
import * as styles from '../monitor.css.ts';
import { fieldErrorsOf } from './fieldErrors.ts';

// The developer monitor's seeder: synthetic traffic for demos and report work, written through the event
// store's bulk path into new campaigns (the same as `cairn seed`, capped for a request).

interface SeedForm {
  clicks: number | null;
  days: number | null;
  campaigns: number | null;
}

const fieldNames = ['clicks', 'days', 'campaigns'] as const;

/** Seconds since `since`, ticking while a run is under way, so a long run visibly progresses. */
function useElapsedSeconds(since: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === undefined ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}

function SeedResult({ result }: { result: SeedResponse }) {
  const rows: [string, string][] = [
    ['Clicks', formatCount(result.clicks)],
    ['Lander clicks', formatCount(result.lpClicks)],
    ['Conversions', formatCount(result.conversions)],
    ['Took', formatMilliseconds(result.elapsedMs)],
  ];
  return (
    <Card title="Seeded">
      <div className={pageStyles.stack}>
        <Figures rows={rows} />
        <div>
          <h4 className={styles.subheading}>New campaigns</h4>
          <ul className={styles.linkList}>
            {result.campaigns.map((campaign) => (
              <li key={campaign.id}>
                <Link className={styles.link} href={`/campaigns/edit/${campaign.id}`}>
                  {campaign.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Card>
  );
}

export function SeedSection() {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<SeedForm>({ clicks: 10_000, days: 7, campaigns: 3 });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<CallProblem>();
  const [result, setResult] = useState<SeedResponse>();
  const [startedAt, setStartedAt] = useState<number>();
  const elapsed = useElapsedSeconds(startedAt);

  const set = (name: keyof SeedForm) => (value: number | null) => {
    setForm((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (startedAt !== undefined) return;
    // An empty field would fall back to the schema's default without a word: each needs a number.
    const empty = fieldNames.filter((name) => form[name] === null);
    const parsed = seedRequestSchema.safeParse(form);
    if (empty.length > 0 || !parsed.success) {
      setErrors({
        ...(parsed.success ? {} : fieldErrorsOf(parsed.error.issues)),
        ...Object.fromEntries(empty.map((name) => [name, 'Enter a number'])),
      });
      setProblem(undefined);
      return;
    }
    setStartedAt(Date.now());
    setResult(undefined);
    const answer = await runSeed(client, parsed.data);
    setStartedAt(undefined);
    if (answer.status !== 'ok') {
      const split = splitProblem(problemOf(answer), fieldNames);
      setErrors(split.fieldErrors);
      setProblem(split.rest);
      return;
    }
    setErrors({});
    setProblem(undefined);
    setResult(answer.data);
    // New campaigns: every list, option set and the monitor now differ.
    void queryClient.invalidateQueries({ queryKey: ['entity'] });
    void queryClient.invalidateQueries({ queryKey: ['monitor'] });
  };

  return (
    <div className={pageStyles.sectionLayout}>
      <Card title="Traffic to write">
        <form className={pageStyles.stack} onSubmit={(event) => void submit(event)} noValidate>
          {problem && <ProblemBox problem={problem} />}
          <div className={styles.formGrid}>
            <NumberField
              label="Clicks"
              description={
                <>
                  1 to {formatCount(SEED_CLICKS_MAX_FROM_PANEL)}; use <code>cairn seed</code> for more.
                </>
              }
              required
              min={1}
              max={SEED_CLICKS_MAX_FROM_PANEL}
              value={form.clicks}
              error={errors.clicks}
              onChange={set('clicks')}
            />
            <NumberField
              label="Days"
              description="Spread over this many days up to now (1 to 365)."
              min={1}
              max={365}
              value={form.days}
              error={errors.days}
              onChange={set('days')}
            />
            <NumberField
              label="Campaigns"
              description="New campaigns to create (1 to 50)."
              min={1}
              max={50}
              value={form.campaigns}
              error={errors.campaigns}
              onChange={set('campaigns')}
            />
          </div>
          <div className={pageStyles.row}>
            <Button type="submit" loading={startedAt !== undefined}>
              Run
            </Button>
            <span role="status" className={styles.muted}>
              {startedAt !== undefined
                ? `Seeding… ${elapsed} s`
                : result
                  ? `Done: ${formatCount(result.clicks)} clicks in ${formatMilliseconds(result.elapsedMs)}.`
                  : ''}
            </span>
          </div>
        </form>
      </Card>
      {result && <SeedResult result={result} />}
    </div>
  );
}
