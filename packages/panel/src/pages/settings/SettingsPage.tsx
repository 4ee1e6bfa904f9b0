import { PageHeader } from '@cairn/ui';
import { settingsSections } from '../../routes/table.ts';
import type { PageProps } from '../pageProps.ts';
import * as styles from '../pages.css.ts';
import { Planned } from '../planned/Planned.tsx';
import { SectionTabs } from '../SectionTabs.tsx';
import { SettingsUiSection } from './SettingsUiSection.tsx';
import { SettingsUserSection } from './SettingsUserSection.tsx';

export default function SettingsPage({ child }: PageProps) {
  const section = settingsSections.find((candidate) => candidate.path === child?.path);
  return (
    <div className={styles.sectionLayout}>
      <PageHeader title="Settings" />
      <SectionTabs
        label="Settings sections"
        basePath="/settings"
        sections={settingsSections}
        current={section?.path}
      />
      {section?.path === 'ui' ? (
        <SettingsUiSection />
      ) : section?.path === 'user' ? (
        <SettingsUserSection />
      ) : (
        <Planned
          title={section?.title ?? 'Settings'}
          coming={`The ${section?.title.toLowerCase() ?? ''} settings are coming in a later release.`}
        />
      )}
    </div>
  );
}
