import {
  type DomainAttention,
  domainAttentionSchema,
  domainCheckListSchema,
  TRIGGER_PATHS,
  triggerPath,
} from '@cairn/contract';
import { Button, Card } from '@cairn/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../app/services.ts';
import { triggersQueryRoot } from './api.ts';
import { when } from './FiringsTable.tsx';
import * as styles from './triggers.css.ts';

// Tracking domains needing attention: marked by the domain checks (a domain that does not resolve or
// answer on its click path) or by a trigger's action. Checks run every 15 minutes; "Check domains now"
// runs them at once.

export function DomainsCard() {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const [note, setNote] = useState<string>();
  const attention = useQuery({
    queryKey: [...triggersQueryRoot, 'attention'],
    queryFn: async ({ signal }): Promise<DomainAttention> => {
      const result = await client.get(TRIGGER_PATHS.attention, { schema: domainAttentionSchema, signal });
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data;
    },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...triggersQueryRoot, 'attention'] });

  const checkNow = async () => {
    setChecking(true);
    const result = await client.post(TRIGGER_PATHS.domainChecks, { schema: domainCheckListSchema });
    setChecking(false);
    if (result.status === 'ok') {
      const failing = result.data.items.filter((item) => item.problem !== null).length;
      setNote(`${result.data.items.length} domains checked, ${failing} failing`);
    } else setNote(result.message);
    await refresh();
  };

  return (
    <Card
      title="Tracking domains"
      description="Domains that do not resolve or answer on their click path, or that a trigger marked."
      actions={
        <Button variant="outline" tone="neutral" size="sm" loading={checking} onClick={() => void checkNow()}>
          Check domains now
        </Button>
      }
    >
      {note && <p role="status">{note}</p>}
      {attention.isError && <p className={styles.error}>{attention.error.message}</p>}
      {attention.data && attention.data.items.length === 0 && (
        <p className={styles.muted}>No domain needs attention.</p>
      )}
      {attention.data?.items.map((item) => (
        <div key={item.domainId} className={styles.row}>
          <strong>{item.host ?? `Domain ${item.domainId}`}</strong>
          <span>{item.reason}</span>
          <span className={styles.muted}>{when(item.markedAt)}</span>
          <Button
            variant="ghost"
            tone="neutral"
            size="sm"
            aria-label={`Clear the mark of ${item.host ?? `domain ${item.domainId}`}`}
            onClick={async () => {
              await client.delete(triggerPath(TRIGGER_PATHS.attentionItem, item.domainId));
              await refresh();
            }}
          >
            Clear
          </Button>
        </div>
      ))}
    </Card>
  );
}
