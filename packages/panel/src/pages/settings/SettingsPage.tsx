import { EmptyState, PageHeader } from '@cairn/ui';
import { useCurrentUser } from '../../app/hooks.ts';
import {
  type SettingsSectionDef,
  sectionsVisibleTo,
  settingsSectionOf,
} from '../../settings/sections/registry.ts';
import type { CurrentUser } from '../../stores/currentUser.ts';
import type { PageProps } from '../pageProps.ts';
import * as styles from '../pages.css.ts';
import { Planned } from '../planned/Planned.tsx';
import { SectionTabs } from '../SectionTabs.tsx';

// The settings page: tabs for the sections the user may see, and the section its route names, as the
// section registry (settings/sections/registry.ts) describes it.

export default function SettingsPage({ child }: PageProps) {
  const user = useCurrentUser();
  const section = settingsSectionOf(child?.path);
  const tabs = sectionsVisibleTo(user).map(({ id, title }) => ({ path: id, title }));
  return (
    <div className={styles.sectionLayout}>
      <PageHeader title="Settings" />
      <SectionTabs label="Settings sections" basePath="/settings" sections={tabs} current={section?.id} />
      <SectionBody section={section} user={user} />
    </div>
  );
}

function SectionBody({
  section,
  user,
}: {
  section: SettingsSectionDef | undefined;
  user: CurrentUser | undefined;
}) {
  if (section && !section.canSee(user)) {
    return (
      <EmptyState
        title="Not available"
        description={`Your account may not see the ${section.title.toLowerCase()} settings.`}
      />
    );
  }
  if (section?.Component) return <section.Component />;
  return (
    <Planned
      title={section?.title ?? 'Settings'}
      coming={`The ${section?.title.toLowerCase() ?? ''} settings are coming in a later release.`}
    />
  );
}
