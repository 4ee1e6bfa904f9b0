import { EmptyState, PageHeader } from '@cairn/ui';
import type { PageKey } from '../routes/table.ts';
import type { PageProps } from './pageProps.ts';

// The pages of the spec whose routes exist before the pages do: each keeps its title and says plainly
// what it will hold, so a link to it never leads to a 404.

const coming: Partial<Record<PageKey, string>> = {
  triggers: 'Triggers: conditions on metrics with actions and notifications.',
};

export default function NotBuiltPage({ route, title }: PageProps) {
  return (
    <>
      <PageHeader title={title ?? 'Cairn'} />
      <EmptyState
        title="Not built yet"
        description={(route.page && coming[route.page]) ?? 'This page is coming in a later release.'}
      />
    </>
  );
}
