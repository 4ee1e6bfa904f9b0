import { type TestClickRequest, type TestClickResponse, testClickRequestSchema } from '@cairn/contract';
import { Button, Card, Select, TextArea, TextField, visuallyHidden } from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { type CallProblem, problemOf } from '../../entities/api.ts';
import { ProblemBox, splitProblem } from '../../entities/problems.tsx';
import type { FieldErrors } from '../../entities/types.ts';
import * as pageStyles from '../../pages/pages.css.ts';
import { clickerCampaignsQueryKey, fetchCampaignOptions, sendTestClick } from '../api.ts';
import * as styles from '../monitor.css.ts';
import { ClickResult, outcomeOf } from './ClickResult.tsx';
import { fieldErrorsOf } from './fieldErrors.ts';

// The developer monitor's clicker: a visitor made up field by field, sent through a campaign's flow the
// way /click would, with the decision shown and nothing recorded.

type ClickForm = Required<{ [K in keyof TestClickRequest]: string }>;
const fieldNames = [
  'campaignKey',
  'ip',
  'userAgent',
  'acceptLanguage',
  'referrer',
  'query',
  'headers',
] as const;

export const USER_AGENT_PRESETS = [
  {
    label: 'iPhone Safari',
    value:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  },
  {
    label: 'Android Chrome',
    value:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Mobile Safari/537.36',
  },
  {
    label: 'Windows Chrome',
    value:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Safari/537.36',
  },
  {
    label: 'Mac Safari',
    value:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
  },
  { label: 'Googlebot', value: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
] as const;

const initialForm: ClickForm = {
  campaignKey: '',
  // A documentation address (RFC 5737): no country, so a geo rule is tested by typing a real one.
  ip: '203.0.113.10',
  userAgent: USER_AGENT_PRESETS[2].value,
  acceptLanguage: 'en-US,en;q=0.9',
  referrer: '',
  query: '',
  headers: '',
};

function CampaignPicker({ campaignKey, onPick }: { campaignKey: string; onPick: (key: string) => void }) {
  const { client } = useServices();
  const campaigns = useQuery({
    queryKey: clickerCampaignsQueryKey,
    queryFn: ({ signal }) => fetchCampaignOptions(client, signal),
  });
  const items = campaigns.data?.items ?? [];
  const known = items.some((campaign) => campaign.key === campaignKey);
  const description = campaigns.error
    ? `The campaigns could not be loaded (${campaigns.error.message}); type a key instead.`
    : campaigns.data && items.length === 0
      ? 'No campaigns yet; create one first, or type any key to see the fallback.'
      : 'Fills the key below.';
  return (
    <Select
      label="Campaign"
      placeholder={campaigns.isPending ? 'Loading campaigns…' : 'Pick a campaign'}
      description={description}
      options={items.map((campaign) => ({
        value: campaign.key,
        label: campaign.status === 'paused' ? `${campaign.name} (paused)` : campaign.name,
      }))}
      // Radix Select has no empty value: a typed key that names no campaign shows the placeholder.
      {...(known ? { value: campaignKey } : { value: '' })}
      onValueChange={onPick}
    />
  );
}

/**
 * The test clicker. `campaignKey`: tests that campaign alone (a campaign's Test link), with no campaign
 * picker or key field.
 */
export function ClickerSection({ campaignKey }: { campaignKey?: string } = {}) {
  const { client } = useServices();
  const [form, setForm] = useState<ClickForm>(
    campaignKey === undefined ? initialForm : { ...initialForm, campaignKey },
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<CallProblem>();
  const [result, setResult] = useState<TestClickResponse>();
  const [pending, setPending] = useState(false);

  const set = (name: keyof ClickForm) => (value: string) => {
    setForm((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Enter in a field submits too, and the loading button only stops clicks.
    if (pending) return;
    const parsed = testClickRequestSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      setProblem(undefined);
      return;
    }
    setPending(true);
    const answer = await sendTestClick(client, parsed.data);
    setPending(false);
    if (answer.status !== 'ok') {
      const { fieldErrors, rest } = splitProblem(problemOf(answer), fieldNames);
      setErrors(fieldErrors);
      setProblem(rest);
      setResult(undefined);
      return;
    }
    setErrors({});
    setProblem(undefined);
    setResult(answer.data);
  };

  return (
    <div className={pageStyles.sectionLayout}>
      <Card title="Visitor">
        <form className={pageStyles.stack} onSubmit={(event) => void submit(event)} noValidate>
          <p className={styles.notice}>
            Test clicks are not recorded: no click, cookie, uniqueness mark or counter is written, so reports
            stay clean.
          </p>
          {problem && <ProblemBox problem={problem} />}
          <div className={styles.formGrid}>
            {campaignKey === undefined && (
              <>
                <CampaignPicker campaignKey={form.campaignKey} onPick={set('campaignKey')} />
                <TextField
                  label="Campaign key"
                  required
                  spellCheck={false}
                  value={form.campaignKey}
                  error={errors.campaignKey}
                  onChange={(event) => set('campaignKey')(event.target.value)}
                />
              </>
            )}
            <TextField
              label="IP address"
              description="IPv4 or IPv6; country, region, city and ISP are looked up from it."
              spellCheck={false}
              value={form.ip}
              error={errors.ip}
              onChange={(event) => set('ip')(event.target.value)}
            />
            <TextField
              label="Accept-Language"
              spellCheck={false}
              value={form.acceptLanguage}
              error={errors.acceptLanguage}
              onChange={(event) => set('acceptLanguage')(event.target.value)}
            />
          </div>
          <TextArea
            label="User agent"
            rows={2}
            monospace
            value={form.userAgent}
            error={errors.userAgent}
            onChange={(event) => set('userAgent')(event.target.value)}
          />
          <fieldset className={styles.presetsFieldset}>
            <legend className={styles.presetsLabel}>User agent presets</legend>
            <div className={styles.presets}>
              {USER_AGENT_PRESETS.map((preset) => (
                <Button
                  key={preset.label}
                  type="button"
                  size="sm"
                  // The preset in use looks pressed as well as saying so.
                  variant={form.userAgent === preset.value ? 'soft' : 'outline'}
                  tone={form.userAgent === preset.value ? 'accent' : 'neutral'}
                  aria-pressed={form.userAgent === preset.value}
                  onClick={() => set('userAgent')(preset.value)}
                >
                  {preset.label}
                </Button>
              ))}
            </div>
          </fieldset>
          <div className={styles.formGrid}>
            <TextField
              label="Referrer"
              description="The page the visitor came from; empty for a direct visit."
              spellCheck={false}
              value={form.referrer}
              error={errors.referrer}
              onChange={(event) => set('referrer')(event.target.value)}
            />
            <TextField
              label="Extra query parameters"
              description="As the traffic source would send them, e.g. t1=abc&zone=5."
              spellCheck={false}
              value={form.query}
              error={errors.query}
              onChange={(event) => set('query')(event.target.value)}
            />
          </div>
          <TextArea
            label="Extra headers"
            description="One Name: value a line, for rules on headers, e.g. X-Requested-With: com.example.app."
            spellCheck={false}
            rows={2}
            value={form.headers}
            error={errors.headers}
            onChange={(event) => set('headers')(event.target.value)}
          />
          <div className={pageStyles.row}>
            <Button type="submit" loading={pending}>
              Send test click
            </Button>
          </div>
        </form>
      </Card>
      <div role="status" className={visuallyHidden}>
        {result ? outcomeOf(result) : ''}
      </div>
      {result && <ClickResult result={result} />}
    </div>
  );
}
