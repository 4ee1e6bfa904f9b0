import { TRACKING_PATH_MAX, type UrlCustomization } from '@cairn/contract';
import { Card, TextField, toast } from '@cairn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { FormProblem } from '../../../entities/FormProblem.tsx';
import * as styles from '../../../pages/pages.css.ts';
import { SaveButton, SavedSettings } from '../SavedSettings.tsx';
import { SettingsSectionFrame } from '../SettingsSectionFrame.tsx';
import { useSettingsSave } from '../useSettingsSave.ts';
import {
  fetchUrlCustomization,
  saveUrlCustomization,
  urlCustomizationQueryKey,
} from './urlCustomizationApi.ts';

// Settings > URL customization: the paths of the public tracking endpoints, for operators whose visitors'
// ad blockers or whose sources' checks know the usual tracker paths, and where a click with nowhere to go
// is sent. Admins only (the server lets nobody else change them).

type Field = keyof UrlCustomization;
const FIELDS: readonly Field[] = ['clickPath', 'postbackPath', 'conversionPixelPath', 'fallbackUrl'];

const PATH_FIELDS: readonly { field: Field; label: string; description: string }[] = [
  {
    field: 'clickPath',
    label: 'Click path',
    description: 'Campaign links and the landers’ click-through to the offer (default /click).',
  },
  {
    field: 'postbackPath',
    label: 'Postback path',
    description: 'Where affiliate networks report conversions (default /postback).',
  },
  {
    field: 'conversionPixelPath',
    label: 'Conversion pixel path',
    description: 'The image a thank-you page loads to report a conversion (default /conversion.gif).',
  },
];

function UrlCustomizationForm({ saved }: { saved: UrlCustomization }) {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const { save, pending, problem, fieldError } = useSettingsSave<UrlCustomization>(urlCustomizationQueryKey);
  const [draft, setDraft] = useState(saved);
  const set = (field: Field, value: string) => setDraft((old) => ({ ...old, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await save(() => saveUrlCustomization(client, draft));
    if (result.status !== 'ok') return;
    // Every link the server hands out (tracking links, campaigns, landers, networks) changes with the paths.
    await queryClient.invalidateQueries();
    toast.success('URL customization saved. New links use it; links already handed out keep working.');
  };

  return (
    <form className={styles.stack} onSubmit={(event) => void submit(event)} noValidate>
      <FormProblem problem={problem} atField={(field) => FIELDS.includes(field as Field)} />
      <Card
        title="Tracking paths"
        description="A renamed endpoint answers on its new path and on its default one, so links already given to networks and sources keep working. Every link the tracker hands out uses the new path."
      >
        <div className={styles.stack}>
          {PATH_FIELDS.map(({ field, label, description }) => (
            <div key={field} className={styles.narrow}>
              <TextField
                label={label}
                description={description}
                value={draft[field]}
                maxLength={TRACKING_PATH_MAX}
                spellCheck={false}
                onChange={(event) => set(field, event.target.value)}
                error={fieldError(field)}
              />
            </div>
          ))}
        </div>
      </Card>
      <Card
        title="Clicks with nowhere to go"
        description="A click on an unknown, paused or archived campaign, or a lander click whose visit is unknown."
      >
        <div className={styles.narrow}>
          <TextField
            label="Fallback URL"
            description="Where such clicks are sent. Empty: a plain 404 page."
            type="url"
            placeholder="https://example.com/"
            value={draft.fallbackUrl}
            maxLength={2048}
            spellCheck={false}
            onChange={(event) => set('fallbackUrl', event.target.value)}
            error={fieldError('fallbackUrl')}
          />
        </div>
      </Card>
      <SaveButton pending={pending} />
    </form>
  );
}

export function SettingsUrlCustomizationSection() {
  return (
    <SettingsSectionFrame title="URL customization">
      <SavedSettings queryKey={urlCustomizationQueryKey} load={fetchUrlCustomization}>
        {(saved) => <UrlCustomizationForm key={JSON.stringify(saved)} saved={saved} />}
      </SavedSettings>
    </SettingsSectionFrame>
  );
}
