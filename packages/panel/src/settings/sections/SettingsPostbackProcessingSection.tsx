import {
  CONVERSION_STATUSES,
  type ConversionStatus,
  type DUPLICATE_POSTBACK_POLICIES,
  type PostbackProcessingSettings,
} from '@cairn/contract';
import { Card, Select, Switch, toast } from '@cairn/ui';
import { type FormEvent, useId, useState } from 'react';
import { useServices } from '../../app/services.ts';
import {
  fetchPostbackSettings,
  postbackSettingsQueryKey,
  savePostbackSettings,
} from '../../conversions/api.ts';
import { statusLabel } from '../../conversions/columns.tsx';
import { FormProblem } from '../../entities/FormProblem.tsx';
import { policyOptions } from '../../entities/kinds/affiliateNetwork.tsx';
import * as styles from '../../pages/pages.css.ts';
import { CustomEventsCard } from './customEvents/CustomEventsCard.tsx';
import { SaveButton, SavedSettings } from './SavedSettings.tsx';
import { SettingsSectionFrame } from './SettingsSectionFrame.tsx';
import { useSettingsSave } from './useSettingsSave.ts';

// Settings > Postback processing: how a postback (or pixel, or uploaded line) is read when the network's
// own settings say nothing: the status of an unknown or missing status text, what a repeated postback
// does for offers without a network, and whether the conversion pixel counts at all. Admins only (the
// server answers nobody else). The custom event slots and the networks' words for them have their own card
// (customEvents/).

type Policy = (typeof DUPLICATE_POSTBACK_POLICIES)[number];
type Field = keyof PostbackProcessingSettings;
const FIELDS: readonly Field[] = ['unknownStatus', 'missingStatus', 'duplicatePostbacks', 'pixelEnabled'];

const statusOptions = CONVERSION_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

function PostbackForm({ saved }: { saved: PostbackProcessingSettings }) {
  const { client } = useServices();
  const { save, pending, problem, fieldError } =
    useSettingsSave<PostbackProcessingSettings>(postbackSettingsQueryKey);
  const pixelNote = useId();
  const pixelError = useId();
  const [draft, setDraft] = useState(saved);
  const set = <K extends Field>(field: K, value: PostbackProcessingSettings[K]) =>
    setDraft((old) => ({ ...old, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await save(() => savePostbackSettings(client, draft));
    if (result.status !== 'ok') return;
    toast.success('Postback processing saved. The next postbacks follow it.');
  };

  return (
    <Card
      title="Defaults for postbacks"
      description="A network's own status mapping and its rule for repeated postbacks come first; these apply where it names none."
    >
      <form className={styles.stack} onSubmit={(event) => void submit(event)} noValidate>
        <FormProblem problem={problem} atField={(field) => FIELDS.includes(field as Field)} />
        <div className={styles.narrow}>
          <Select<ConversionStatus>
            label="Unknown status"
            description="A status text that neither the network's mapping nor the common words (sale, lead, rejected …) name."
            options={statusOptions}
            value={draft.unknownStatus}
            onValueChange={(value) => set('unknownStatus', value)}
            error={fieldError('unknownStatus')}
          />
        </div>
        <div className={styles.narrow}>
          <Select<ConversionStatus>
            label="Missing status"
            description="A postback that carries no status at all."
            options={statusOptions}
            value={draft.missingStatus}
            onValueChange={(value) => set('missingStatus', value)}
            error={fieldError('missingStatus')}
          />
        </div>
        <div className={styles.narrow}>
          <Select<Policy>
            label="Repeated postbacks"
            description="For clicks whose offer has no affiliate network; each network sets its own."
            options={policyOptions}
            value={draft.duplicatePostbacks}
            onValueChange={(value) => set('duplicatePostbacks', value)}
            error={fieldError('duplicatePostbacks')}
          />
        </div>
        <div className={styles.stack}>
          <Switch
            label="Conversion pixel records conversions"
            checked={draft.pixelEnabled}
            onCheckedChange={(checked) => set('pixelEnabled', checked)}
            aria-describedby={fieldError('pixelEnabled') ? `${pixelNote} ${pixelError}` : pixelNote}
          />
          <p id={pixelNote} className={styles.note}>
            Off (the default): the conversion pixel (its address is under Tracking links) still answers with
            its image but records nothing. Its address carries the postback key, which every visitor of the
            page it is on can read: turn it on only for a network that cannot send S2S postbacks.
          </p>
          {fieldError('pixelEnabled') && (
            <p id={pixelError} className={styles.message}>
              {fieldError('pixelEnabled')}
            </p>
          )}
        </div>
        <SaveButton pending={pending} />
      </form>
    </Card>
  );
}

function PostbackCards() {
  return (
    <SavedSettings queryKey={postbackSettingsQueryKey} load={fetchPostbackSettings}>
      {(saved) => (
        <>
          <PostbackForm key={JSON.stringify(saved)} saved={saved} />
          <CustomEventsCard key={`events ${JSON.stringify(saved)}`} saved={saved} />
        </>
      )}
    </SavedSettings>
  );
}

export function SettingsPostbackProcessingSection() {
  return (
    <SettingsSectionFrame title="Postback processing">
      <PostbackCards />
    </SettingsSectionFrame>
  );
}
