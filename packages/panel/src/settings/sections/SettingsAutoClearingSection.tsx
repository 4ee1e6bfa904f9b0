import type { ComboboxOption } from '@cairn/ui';
import { ServerMessage, Skeleton } from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useServices } from '../../app/services.ts';
import { useRefOptions } from '../../entities/refs.ts';
import * as styles from '../../pages/pages.css.ts';
import { AutoClearingSettingsCard } from './AutoClearingSettingsCard.tsx';
import { autoClearingQueryKey, fetchAutoClearing } from './autoClearingApi.ts';
import { ClearNowCard } from './ClearNowCard.tsx';
import * as css from './trackingLinks.css.ts';

// Settings > Auto-clearing: how long raw clicks are kept, and clearing by hand. Admins only (the
// server answers nobody else).

function useCampaignOptions(): readonly ComboboxOption[] {
  const { options } = useRefOptions({ kind: 'campaign' });
  return useMemo(
    () =>
      (options ?? []).map((option) => ({
        value: String(option.id),
        label: option.archived ? `${option.label} (archived)` : option.label,
      })),
    [options],
  );
}

function AutoClearingCards() {
  const { client } = useServices();
  const campaigns = useCampaignOptions();
  const query = useQuery({
    queryKey: autoClearingQueryKey,
    queryFn: ({ signal }) => fetchAutoClearing(client, signal),
  });
  const result = query.data;
  if (!result) return <Skeleton height={240} />;
  if (result.status !== 'ok') {
    return (
      <div role="alert" className={styles.message}>
        <ServerMessage message={result.message} />
      </div>
    );
  }
  return (
    <div className={styles.sectionLayout}>
      <AutoClearingSettingsCard key={JSON.stringify(result.data)} saved={result.data} campaigns={campaigns} />
      <ClearNowCard campaigns={campaigns} />
    </div>
  );
}

export function SettingsAutoClearingSection() {
  const headingId = useId();
  // The section's own h2 keeps the headings in order: the page's h1, this, then the cards' h3.
  return (
    <section className={styles.sectionLayout} aria-labelledby={headingId}>
      <h2 id={headingId} className={css.heading}>
        Auto-clearing
      </h2>
      <AutoClearingCards />
    </section>
  );
}
