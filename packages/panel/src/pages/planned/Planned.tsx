import { EmptyState, PageHeader } from '@cairn/ui';
import type { ReactNode } from 'react';

/** The frame of a page a later issue fills: its title and a plain statement of what is coming. */
export function Planned({
  title,
  coming,
  actions,
}: {
  title: string;
  coming: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} {...(actions ? { actions } : {})} />
      <EmptyState title="Not built yet" description={coming} />
    </>
  );
}
