import { Button } from '@cairn/ui';
import { Link } from 'wouter';
import { parseIds } from '../../routes/resolve.ts';
import { entityNames } from '../../routes/table.ts';
import type { PageProps } from '../pageProps.ts';
import { Planned } from './Planned.tsx';

export default function EntityListPage({ route, child, params }: PageProps) {
  const kind = route.entity ?? 'campaigns';
  const names = entityNames[kind];
  const massIds = child ? parseIds(params.ids) : [];
  const listPath = route.path === '/' ? '/campaigns' : route.path;
  const canCreate = kind !== 'domains' && kind !== 'groups';
  return (
    <Planned
      title={names.plural}
      actions={
        canCreate ? (
          <Button asChild>
            <Link href={`${listPath}/create`}>New {names.singular}</Link>
          </Button>
        ) : undefined
      }
      coming={
        massIds.length > 0
          ? `Mass edit of ${massIds.length} ${names.plural.toLowerCase()} (ids ${massIds.join(', ')}) opens here with the list.`
          : `The ${names.plural.toLowerCase()} list (search, filters, sorting, column settings, selection and mass edit) is coming with the entity-management work.`
      }
    />
  );
}
