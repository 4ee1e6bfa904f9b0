import {
  CONVERSION_DESTINATIONS,
  type ConversionOut,
  type ConversionPlatform,
  campaignConversionOutSchema,
  conversionOutSchema,
  DEFAULT_EVENT_NAMES,
  DEFAULT_META_EVENT_NAME,
  INTEGRATION_PATHS,
  type IntegrationAccount,
  isConversionPlatform,
} from '@cairn/contract';
import { Button, Card, Select, TextField, toast } from '@cairn/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { useServices } from '../../../app/services.ts';
import { type CallProblem, fetchList, problemOf } from '../../../entities/api.ts';
import { renderProblem } from '../../../entities/problems.tsx';
import * as styles from '../../../pages/pages.css.ts';

// Which traffic sources send their conversions to an integration account, and where in its platform:
// Meta's pixel or TikTok's pixel code with the event an approved conversion is sent as, or Google Ads'
// conversion action. Saved per source, and per campaign in its source's place (campaigns of one source
// often optimise different pixels or events); every node reads the change at once.

/** A saved setting, whatever it belongs to. */
type Setting = Omit<ConversionOut, 'trafficSourceId'> & { ownerId: number };

const sourceSetting = conversionOutSchema.transform(
  ({ trafficSourceId, ...rest }): Setting => ({ ownerId: trafficSourceId, ...rest }),
);
const campaignSetting = campaignConversionOutSchema.transform(
  ({ campaignId, ...rest }): Setting => ({ ownerId: campaignId, ...rest }),
);

const SCOPES = {
  traffic_source: {
    kind: 'traffic_source',
    title: 'Conversions out',
    description:
      'An approved conversion is sent once. A chargeback of one sent goes to Meta as a Refund event and to Google Ads as a retraction, and a new payout for one sent to Google Ads as a restatement; TikTok documents no refund, so it is not told.',
    listPath: INTEGRATION_PATHS.conversionsOut,
    itemPath: (id: string | number) =>
      INTEGRATION_PATHS.conversionOut.replace(':trafficSourceId', String(id)),
    setting: sourceSetting,
    field: 'trafficSourceId',
    label: 'Traffic source',
    choose: 'Choose a traffic source',
    listLabel: 'Traffic sources sending conversions out',
    submit: "Send this source's conversions",
    opener: null,
  },
  campaign: {
    kind: 'campaign',
    title: 'Conversions out by campaign',
    description:
      "A campaign set here sends its conversions only where it says, in its traffic source's place; turned off, it sends none. Drop it and its source's setting applies again.",
    listPath: INTEGRATION_PATHS.campaignConversionsOut,
    itemPath: (id: string | number) =>
      INTEGRATION_PATHS.campaignConversionOut.replace(':campaignId', String(id)),
    setting: campaignSetting,
    field: 'campaignId',
    label: 'Campaign',
    choose: 'Choose a campaign',
    listLabel: 'Campaigns with conversions out of their own',
    submit: "Send this campaign's conversions",
    // Most campaigns follow their source: the form waits behind a button.
    opener: 'Set a campaign apart',
  },
} as const;

export type ConversionsOutScope = keyof typeof SCOPES;

/** How a saved destination reads in the list. */
function destinationText(setting: Setting): string {
  if (!setting.enabled) return 'turned off: sends nothing';
  switch (setting.platform) {
    case 'meta':
      return `pixel ${setting.pixelId}, as ${setting.eventName}`;
    case 'tiktok':
      return `pixel code ${setting.pixelId}, as ${setting.eventName}`;
    case 'google_ads':
      return `conversion action ${setting.pixelId}`;
    default:
      return setting.pixelId;
  }
}

type ConversionAccount = IntegrationAccount & { platform: ConversionPlatform };

export function ConversionsOutCard({
  accounts: allAccounts,
  scope = 'traffic_source',
}: {
  accounts: readonly IntegrationAccount[];
  scope?: ConversionsOutScope;
}) {
  const words = SCOPES[scope];
  const queryKey = ['settings', 'integration', 'conversions-out', scope] as const;
  // Cost sync sources (push and native networks) take no conversions: they are not offered here.
  const accounts = allAccounts.filter((one): one is ConversionAccount => isConversionPlatform(one.platform));
  const { client } = useServices();
  const queryClient = useQueryClient();
  const [ownerId, setOwnerId] = useState('');
  const [accountId, setAccountId] = useState('');
  const [pixelId, setPixelId] = useState('');
  const [eventName, setEventName] = useState(DEFAULT_META_EVENT_NAME);
  const [problem, setProblem] = useState<CallProblem | null>(null);
  const [formOpen, setFormOpen] = useState(words.opener === null);
  const settings = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const result = await client.get(words.listPath, {
        schema: z.object({ items: z.array(words.setting as z.ZodType<Setting>) }),
        signal,
      });
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data.items;
    },
  });
  const owners = useQuery({
    queryKey: [...queryKey, 'owners'],
    queryFn: async ({ signal }) => {
      const result = await fetchList(client, words.kind, { pageSize: 500 }, signal);
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data.items.map((item) => ({ id: Number(item.id), name: String(item.name) }));
    },
  });
  const ownerName = (id: number) => owners.data?.find((one) => one.id === id)?.name ?? `#${id}`;
  const accountName = (id: number) => accounts.find((one) => one.id === id)?.name ?? `#${id}`;
  const fieldError = (field: string) => problem?.errors.find((error) => error.field === field)?.message;
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const platform: ConversionPlatform =
    accounts.find((one) => String(one.id) === accountId)?.platform ?? 'meta';
  const chooseAccount = (value: string) => {
    const next = accounts.find((one) => String(one.id) === value)?.platform ?? 'meta';
    // The event name follows the platform's own default until the user types one.
    if (next !== platform && eventName === DEFAULT_EVENT_NAMES[platform])
      setEventName(DEFAULT_EVENT_NAMES[next]);
    setAccountId(value);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!ownerId) {
      setProblem({ message: words.choose, errors: [{ message: words.choose, field: words.field }] });
      return;
    }
    const result = await client.put(words.itemPath(ownerId), {
      json: {
        accountId: Number(accountId),
        pixelId,
        ...(platform === 'google_ads' ? {} : { eventName }),
        enabled: true,
      },
      schema: words.setting as z.ZodType<Setting>,
    });
    if (result.status !== 'ok') {
      setProblem(problemOf(result));
      return;
    }
    setProblem(null);
    toast.success(
      `${ownerName(result.data.ownerId)} now sends its conversions to ${accountName(result.data.accountId)}.`,
    );
    await refresh();
  };

  const remove = async (setting: Setting) => {
    const result = await client.delete(words.itemPath(setting.ownerId));
    if (result.status !== 'ok') toast.error(result.message);
    await refresh();
  };

  return (
    <Card title={words.title} description={words.description}>
      <div className={styles.stack}>
        {settings.isError ? (
          <p role="alert">The conversions-out settings could not be read: {settings.error.message}</p>
        ) : (
          <ul className={styles.stack} aria-label={words.listLabel}>
            {(settings.data ?? []).map((setting) => (
              <li key={setting.ownerId}>
                {ownerName(setting.ownerId)} to {accountName(setting.accountId)}, {destinationText(setting)}{' '}
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  tone="danger"
                  aria-label={`Stop sending ${ownerName(setting.ownerId)}`}
                  onClick={() => void remove(setting)}
                >
                  Stop
                </Button>
              </li>
            ))}
          </ul>
        )}
        {!formOpen && (
          <div>
            <Button type="button" variant="outline" tone="neutral" onClick={() => setFormOpen(true)}>
              {words.opener}
            </Button>
          </div>
        )}
        {formOpen && (
          <form className={styles.stack} onSubmit={(event) => void save(event)} noValidate>
            <div className={styles.narrow}>
              <Select<string>
                label={words.label}
                placeholder={words.choose}
                options={(owners.data ?? []).map((one) => ({ value: String(one.id), label: one.name }))}
                value={ownerId}
                onValueChange={setOwnerId}
                error={fieldError(words.field)}
              />
            </div>
            <div className={styles.narrow}>
              <Select<string>
                label="Account"
                placeholder="Choose an account"
                options={accounts.map((one) => ({ value: String(one.id), label: one.name }))}
                value={accountId}
                onValueChange={chooseAccount}
                error={fieldError('accountId')}
              />
            </div>
            <div className={styles.narrow}>
              <TextField
                label={CONVERSION_DESTINATIONS[platform].label}
                inputMode={platform === 'meta' ? 'numeric' : 'text'}
                description={
                  platform === 'google_ads' ? 'As customers/1234567890/conversionActions/123456' : undefined
                }
                value={pixelId}
                onChange={(event) => setPixelId(event.target.value)}
                error={fieldError('pixelId')}
              />
            </div>
            {platform !== 'google_ads' && (
              <div className={styles.narrow}>
                <TextField
                  label="Event name"
                  value={eventName}
                  maxLength={50}
                  onChange={(event) => setEventName(event.target.value)}
                  error={fieldError('eventName')}
                />
              </div>
            )}
            {problem && !problem.errors.some((error) => error.field) && renderProblem(problem)}
            <div>
              <Button type="submit">{words.submit}</Button>
            </div>
          </form>
        )}
      </div>
    </Card>
  );
}
