import type { PageKey } from '../../routes/table.ts';
import type { PageProps } from '../pageProps.ts';
import { Planned } from './Planned.tsx';

const coming: Partial<Record<PageKey, string>> = {
  trends: 'Trends: the report metrics per time bucket (hour, day, week) for any campaign, offer or source.',
  conversions:
    'The conversions log: click id, campaign, traffic source, click and conversion times, payout, status.',
  clicklog: 'The click log: every click with selectable columns, filters and export.',
  files: 'Files: landers and assets uploaded to this tracker, with upload progress.',
  triggers: 'Triggers: conditions on metrics with actions and notifications.',
  monitor: 'The monitor: clicks per minute, postbacks and background tasks.',
};

export default function PlannedPage({ route, title }: PageProps) {
  return (
    <Planned
      title={title ?? 'Cairn'}
      coming={(route.page && coming[route.page]) ?? 'This page is coming in a later release.'}
    />
  );
}
