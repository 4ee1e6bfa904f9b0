import { BETA_FEATURES, type BetaSettings } from '@cairn/contract';
import { Card, Switch, toast } from '@cairn/ui';
import { type FormEvent, useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { FormProblem } from '../../../entities/FormProblem.tsx';
import * as styles from '../../../pages/pages.css.ts';
import { SaveButton, SavedSettings } from '../SavedSettings.tsx';
import { SettingsSectionFrame } from '../SettingsSectionFrame.tsx';
import { useSettingsSave } from '../useSettingsSave.ts';
import { betaQueryKey, fetchBetaSettings, saveBetaSettings } from './betaApi.ts';

// Settings > Beta: features that work but may still change, off until an admin turns them on for the whole
// installation (every user and every node). Admins only (the server lets nobody else change them).

function BetaForm({ saved }: { saved: BetaSettings }) {
  const { client } = useServices();
  const { save, pending, problem } = useSettingsSave<BetaSettings>(betaQueryKey);
  const [draft, setDraft] = useState<BetaSettings>(saved);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await save(() => saveBetaSettings(client, draft));
    if (result.status === 'ok') toast.success('Beta features saved.');
  };

  return (
    <form className={styles.stack} onSubmit={(event) => void submit(event)} noValidate>
      <FormProblem problem={problem} atField={() => false} />
      <Card
        title="Features"
        description="Each is off until turned on here, for every user of this installation. A beta feature may change before it is final."
      >
        <div className={styles.stack}>
          {BETA_FEATURES.map((feature) => (
            <div key={feature.name} className={styles.narrow}>
              <Switch
                label={feature.title}
                aria-describedby={`beta-${feature.name}`}
                checked={draft[feature.name] === true}
                onCheckedChange={(on) => setDraft((old) => ({ ...old, [feature.name]: on }))}
              />
              <p id={`beta-${feature.name}`} className={styles.note}>
                {feature.description}
              </p>
            </div>
          ))}
        </div>
      </Card>
      <SaveButton pending={pending} />
    </form>
  );
}

export function SettingsBetaSection() {
  return (
    <SettingsSectionFrame title="Beta">
      <SavedSettings queryKey={betaQueryKey} load={fetchBetaSettings}>
        {(saved) => <BetaForm key={JSON.stringify(saved)} saved={saved} />}
      </SavedSettings>
    </SettingsSectionFrame>
  );
}
