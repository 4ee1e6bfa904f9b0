import { entityNames, type FormMode, formModes } from '../../routes/table.ts';
import type { PageProps } from '../pageProps.ts';
import { Planned } from './Planned.tsx';

function formModeOf(path: string): FormMode {
  return formModes.find((mode) => path.includes(`/${mode}`)) ?? 'create';
}

export default function EntityFormPage({ route, params, title }: PageProps) {
  const names = entityNames[route.entity ?? 'campaigns'];
  const mode = formModeOf(route.path);
  const subject = params.id ? `${names.singular} ${params.id}` : `a new ${names.singular}`;
  return (
    <Planned
      title={title ?? names.plural}
      coming={`The ${names.singular} form (${mode} mode, for ${subject}) is coming with the entity-management work.`}
    />
  );
}
