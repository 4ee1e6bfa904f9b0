import { parseIds } from '../../routes/resolve.ts';
import type { PageProps } from '../pageProps.ts';
import { Planned } from './Planned.tsx';

export default function ReportPage({ route, params, title }: PageProps) {
  const ids = parseIds(params.subjectIds);
  const leads = route.page === 'leads-report';
  return (
    <Planned
      title={title ?? 'Report'}
      coming={`The ${leads ? 'leads report' : 'report'} for ${params.subjectType} ${ids.join(', ')} (groupings, date range, metrics) is coming with the reports work.`}
    />
  );
}
