import { NavTabs } from '@cairn/ui';
import { Link } from 'wouter';

/** Sub-navigation of a page with child routes (settings, monitor for developers). */
export function SectionTabs({
  label,
  basePath,
  sections,
  current,
}: {
  label: string;
  basePath: string;
  sections: readonly { path: string; title: string }[];
  current: string | undefined;
}) {
  return (
    <NavTabs.Root label={label}>
      {sections.map((section) => (
        <NavTabs.Link key={section.path} asChild active={section.path === current}>
          <Link href={`${basePath}/${section.path}`}>{section.title}</Link>
        </NavTabs.Link>
      ))}
    </NavTabs.Root>
  );
}
