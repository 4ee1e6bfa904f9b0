import { PageHeader } from '@cairn/ui';
import type { PageProps } from '../../pages/pageProps.ts';
import * as styles from '../../pages/pages.css.ts';
import { SectionTabs } from '../../pages/SectionTabs.tsx';
import { monitorDeveloperSections } from '../../routes/table.ts';
import { BuildInfo } from './BuildInfo.tsx';
import { ClickerSection } from './ClickerSection.tsx';
import { DebugSettingsSection } from './DebugSettingsSection.tsx';
import { MessagesSection } from './MessagesSection.tsx';
import { SeedSection } from './SeedSection.tsx';

// The monitor for developers: one page, a tab per child route of the route table.

export default function MonitorDeveloperPage({ child }: PageProps) {
  const section = monitorDeveloperSections.find((candidate) => candidate.path === child?.path);
  return (
    <div className={styles.sectionLayout}>
      <PageHeader title="Monitor for developers" />
      <SectionTabs
        label="Monitor for developers sections"
        basePath="/monitor/developer"
        sections={monitorDeveloperSections}
        current={section?.path}
      />
      {section?.path === 'build-info' && <BuildInfo />}
      {section?.path === 'debug-settings' && <DebugSettingsSection />}
      {section?.path === 'messages' && <MessagesSection />}
      {section?.path === 'seed' && <SeedSection />}
      {section?.path === 'clicker' && <ClickerSection />}
    </div>
  );
}
