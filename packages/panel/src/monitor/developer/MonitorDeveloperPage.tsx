import { PageHeader } from '@cairn/ui';
import type { PageProps } from '../../pages/pageProps.ts';
import * as styles from '../../pages/pages.css.ts';
import { SectionTabs } from '../../pages/SectionTabs.tsx';
import { type MonitorDeveloperSection, monitorDeveloperSections } from '../../routes/table.ts';
import { Part } from '../Part.tsx';
import { BuildInfo } from './BuildInfo.tsx';
import { ClickerSection } from './ClickerSection.tsx';
import { DebugSettingsSection } from './DebugSettingsSection.tsx';
import { MessagesSection } from './MessagesSection.tsx';
import { SeedSection } from './SeedSection.tsx';

// The monitor for developers: one page, a tab per child route of the route table.

const descriptions: Record<MonitorDeveloperSection, string | undefined> = {
  'build-info': undefined,
  'debug-settings': 'Saved in this browser.',
  messages: 'How toasts and server messages look, to check them by eye.',
  seed: 'Writes synthetic clicks, lander clicks and conversions into new campaigns, spread over the last days. For demos and report work: never on a tracker whose real traffic you report on.',
  clicker:
    "Sends a made-up visitor through a campaign's flow exactly as /click would, and shows what it decided.",
};

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
      {section && (
        <Part title={section.title} description={descriptions[section.path]}>
          {section.path === 'build-info' && <BuildInfo />}
          {section.path === 'debug-settings' && <DebugSettingsSection />}
          {section.path === 'messages' && <MessagesSection />}
          {section.path === 'seed' && <SeedSection />}
          {section.path === 'clicker' && <ClickerSection />}
        </Part>
      )}
    </div>
  );
}
