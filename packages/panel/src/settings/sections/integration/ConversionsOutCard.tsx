import {
  type ConversionOut,
  conversionOutListSchema,
  conversionOutSchema,
  DEFAULT_META_EVENT_NAME,
  INTEGRATION_PATHS,
  type IntegrationAccount,
} from '@cairn/contract';
import { Button, Card, Select, TextField, toast } from '@cairn/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { type CallProblem, fetchList, problemOf } from '../../../entities/api.ts';
import { renderProblem } from '../../../entities/problems.tsx';
import * as styles from '../../../pages/pages.css.ts';

// Which traffic sources send their conversions to an integration account (Meta: a pixel and the event
// an approved conversion is sent as). Saved per source; every node reads the change at once.

const queryKey = ['settings', 'integration', 'conversions-out'] as const;
const outPath = (sourceId: string | number) =>
  INTEGRATION_PATHS.conversionOut.replace(':trafficSourceId', String(sourceId));

export function ConversionsOutCard({ accounts }: { accounts: readonly IntegrationAccount[] }) {
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
      json: { accountId: Number(accountId), pixelId, eventName, enabled: true },
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
      description="An approved conversion is sent once as the event named; a chargeback of one sent goes out as a Refund event."
    >
      <div className={styles.stack}>
        {settings.isError ? (
          <p role="alert">The conversions-out settings could not be read: {settings.error.message}</p>
        ) : (
          <ul className={styles.stack} aria-label="Traffic sources sending conversions out">
            {(settings.data ?? []).map((setting) => (
              <li key={setting.trafficSourceId}>
                {sourceName(setting.trafficSourceId)} to {accountName(setting.accountId)}, pixel{' '}
                {setting.pixelId}, as {setting.eventName}{' '}
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
              onValueChange={setAccountId}
              error={fieldError('accountId')}
            />
          </div>
          <div className={styles.narrow}>
            <TextField
              label="Pixel (dataset) id"
              inputMode="numeric"
              value={pixelId}
              onChange={(event) => setPixelId(event.target.value)}
              error={fieldError('pixelId')}
            />
          </div>
          <div className={styles.narrow}>
            <TextField
              label="Event name"
              value={eventName}
              maxLength={50}
              onChange={(event) => setEventName(event.target.value)}
              error={fieldError('eventName')}
            />
          </div>
          {problem && !problem.errors.some((error) => error.field) && renderProblem(problem)}
          <div>
            <Button type="submit">Send this source's conversions</Button>
          </div>
        </form>
      </div>
    </Card>
  );
}
