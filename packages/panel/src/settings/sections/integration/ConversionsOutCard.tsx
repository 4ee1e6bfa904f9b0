import {
  CONVERSION_DESTINATIONS,
  type ConversionOut,
  type ConversionPlatform,
  conversionOutListSchema,
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
import { useServices } from '../../../app/services.ts';
import { type CallProblem, fetchList, problemOf } from '../../../entities/api.ts';
import { renderProblem } from '../../../entities/problems.tsx';
import * as styles from '../../../pages/pages.css.ts';

// Which traffic sources send their conversions to an integration account, and where in its platform:
// Meta's pixel or TikTok's pixel code with the event an approved conversion is sent as, or Google Ads'
// conversion action. Saved per source; every node reads the change at once.

const queryKey = ['settings', 'integration', 'conversions-out'] as const;
const outPath = (sourceId: string | number) =>
  INTEGRATION_PATHS.conversionOut.replace(':trafficSourceId', String(sourceId));

/** How a saved destination reads in the list. */
function destinationText(setting: ConversionOut): string {
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

export function ConversionsOutCard({ accounts: allAccounts }: { accounts: readonly IntegrationAccount[] }) {
  // Cost sync sources (push and native networks) take no conversions: they are not offered here.
  const accounts = allAccounts.filter((one): one is ConversionAccount => isConversionPlatform(one.platform));
  const { client } = useServices();
  const queryClient = useQueryClient();
  const [sourceId, setSourceId] = useState('');
  const [accountId, setAccountId] = useState('');
  const [pixelId, setPixelId] = useState('');
  const [eventName, setEventName] = useState(DEFAULT_META_EVENT_NAME);
  const [problem, setProblem] = useState<CallProblem | null>(null);
  const settings = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const result = await client.get(INTEGRATION_PATHS.conversionsOut, {
        schema: conversionOutListSchema,
        signal,
      });
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data.items;
    },
  });
  const sources = useQuery({
    queryKey: [...queryKey, 'sources'],
    queryFn: async ({ signal }) => {
      const result = await fetchList(client, 'traffic_source', { pageSize: 500 }, signal);
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data.items.map((item) => ({ id: Number(item.id), name: String(item.name) }));
    },
  });
  const sourceName = (id: number) => sources.data?.find((one) => one.id === id)?.name ?? `#${id}`;
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
    if (!sourceId) {
      setProblem({
        message: 'Choose a traffic source',
        errors: [{ message: 'Choose a traffic source', field: 'trafficSourceId' }],
      });
      return;
    }
    const result = await client.put(outPath(sourceId), {
      json: {
        accountId: Number(accountId),
        pixelId,
        ...(platform === 'google_ads' ? {} : { eventName }),
        enabled: true,
      },
      schema: conversionOutSchema,
    });
    if (result.status !== 'ok') {
      setProblem(problemOf(result));
      return;
    }
    setProblem(null);
    toast.success(
      `${sourceName(result.data.trafficSourceId)} now sends its conversions to ${accountName(result.data.accountId)}.`,
    );
    await refresh();
  };

  const remove = async (setting: ConversionOut) => {
    const result = await client.delete(outPath(setting.trafficSourceId));
    if (result.status !== 'ok') toast.error(result.message);
    await refresh();
  };

  return (
    <Card
      title="Conversions out"
      description="An approved conversion is sent once. A chargeback of one sent goes to Meta as a Refund event and to Google Ads as a retraction; TikTok documents no refund, so it is not told."
    >
      <div className={styles.stack}>
        {settings.isError ? (
          <p role="alert">The conversions-out settings could not be read: {settings.error.message}</p>
        ) : (
          <ul className={styles.stack} aria-label="Traffic sources sending conversions out">
            {(settings.data ?? []).map((setting) => (
              <li key={setting.trafficSourceId}>
                {sourceName(setting.trafficSourceId)} to {accountName(setting.accountId)},{' '}
                {destinationText(setting)}{' '}
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  tone="danger"
                  aria-label={`Stop sending ${sourceName(setting.trafficSourceId)}`}
                  onClick={() => void remove(setting)}
                >
                  Stop
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form className={styles.stack} onSubmit={(event) => void save(event)} noValidate>
          <div className={styles.narrow}>
            <Select<string>
              label="Traffic source"
              placeholder="Choose a traffic source"
              options={(sources.data ?? []).map((one) => ({ value: String(one.id), label: one.name }))}
              value={sourceId}
              onValueChange={setSourceId}
              error={fieldError('trafficSourceId')}
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
            <Button type="submit">Send this source's conversions</Button>
          </div>
        </form>
      </div>
    </Card>
  );
}
