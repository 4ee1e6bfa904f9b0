import { EmptyState, PageHeader } from '@cairn/ui';
import { useCurrentUser } from '../../app/hooks.ts';
import {
  type SettingsSectionDef,
  sectionsVisibleTo,
  settingsSectionOf,
} from '../../settings/sections/registry.ts';
import { SettingsSectionFrame } from '../../settings/sections/SettingsSectionFrame.tsx';
import type { CurrentUser } from '../../stores/currentUser.ts';
import type { PageProps } from '../pageProps.ts';
import * as styles from '../pages.css.ts';
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
  return <PlannedSection title={section?.title ?? 'These'} />;
}

/** A section not built yet, under its own h2 like the built ones (the page's h1 is "Settings"). */
function PlannedSection({ title }: { title: string }) {
  return (
    <SettingsSectionFrame title={title}>
      <EmptyState title="Not built yet" description={`${title} settings are coming in a later release.`} />
    </SettingsSectionFrame>
  );
}
