import type { ComboboxOption } from '@cairn/ui';
import { useMemo } from 'react';
import { useRefOptions } from '../../../entities/refs.ts';
import * as styles from '../../../pages/pages.css.ts';
import { SavedSettings } from '../SavedSettings.tsx';
import { SettingsSectionFrame } from '../SettingsSectionFrame.tsx';
import { AutoClearingSettingsCard } from './AutoClearingSettingsCard.tsx';
import { autoClearingQueryKey, fetchAutoClearing } from './autoClearingApi.ts';
import { ClearNowCard } from './ClearNowCard.tsx';

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
  const campaigns = useCampaignOptions();
  return (
    <SavedSettings queryKey={autoClearingQueryKey} load={fetchAutoClearing}>
      {(saved) => (
        <div className={styles.sectionLayout}>
          <AutoClearingSettingsCard key={JSON.stringify(saved)} saved={saved} campaigns={campaigns} />
          <ClearNowCard campaigns={campaigns} />
        </div>
      )}
    </SavedSettings>
  );
}

export function SettingsAutoClearingSection() {
  return (
    <SettingsSectionFrame title="Auto-clearing">
      <AutoClearingCards />
    </SettingsSectionFrame>
  );
}
