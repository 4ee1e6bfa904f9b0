import {
  LP_KEY_LIFETIME_MAX,
  LP_KEY_LIFETIME_MIN,
  LP_SAFE_PAGE_MAX,
  LP_SECRET_PLACEHOLDER,
  type LpProtectSettings,
  type LpUnprotectedAction,
} from '@cairn/contract';
import {
  Button,
  Card,
  ConfirmDialog,
  NumberField,
  RadioGroup,
  type RadioOption,
  Switch,
  TextArea,
  TextField,
  toast,
} from '@cairn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { problemOf } from '../../../entities/api.ts';
import { FormProblem } from '../../../entities/FormProblem.tsx';
import { renderProblem } from '../../../entities/problems.tsx';
import * as styles from '../../../pages/pages.css.ts';
import { SaveButton, SavedSettings } from '../SavedSettings.tsx';
import { SettingsSectionFrame } from '../SettingsSectionFrame.tsx';
import { useSettingsSave } from '../useSettingsSave.ts';
import { LpProtectSnippets } from './LpProtectSnippets.tsx';
import { fetchLpProtect, lpProtectQueryKey, rotateLpSecrets, saveLpProtect } from './lpProtectApi.ts';

// Settings > LP protect (admins): whether new landers are protected, how long a visitor's key passes,
// what a visit without a valid key gets, the checks for the landers' own code, and rotating every
// lander's secret after a leak.

type Draft = Omit<LpProtectSettings, 'keyLifetimeMinutes'> & { keyLifetimeMinutes: number | null };
const FIELDS = ['defaultOn', 'keyLifetimeMinutes', 'unprotectedAction', 'redirectUrl', 'safePageHtml'];

const ACTIONS: readonly RadioOption<LpUnprotectedAction>[] = [
  { value: 'notFound', label: 'Not found (404)' },
  { value: 'redirect', label: 'Redirect to another address' },
  { value: 'safePage', label: 'Show a safe page' },
];

function LpProtectForm({ saved }: { saved: LpProtectSettings }) {
  const { client } = useServices();
  const { save, pending, problem, fieldError } = useSettingsSave<LpProtectSettings>(lpProtectQueryKey);
  const [draft, setDraft] = useState<Draft>(saved);
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) =>
    setDraft((old) => ({ ...old, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A cleared lifetime is sent as it is, so the server names the field.
    const result = await save(() => saveLpProtect(client, draft as LpProtectSettings));
    if (result.status !== 'ok') return;
    toast.success('LP protect saved. New keys and hosted landers follow it at once.');
  };

  return (
    <form className={styles.stack} onSubmit={(event) => void submit(event)} noValidate>
      <FormProblem problem={problem} atField={(field) => FIELDS.includes(field ?? '')} />
      <Card title="New landers" description="Each lander’s form can still turn it on or off.">
        <Switch
          label="Protect new landers by default"
          checked={draft.defaultOn}
          onCheckedChange={(on) => set('defaultOn', on)}
        />
      </Card>
      <Card
        title="Keys"
        description="The tracker sends each visitor of a protected lander with a key that passes the lander’s check until it expires: time to read, reload and come back."
      >
        <div className={styles.compactField}>
          <NumberField
            label="Key lifetime"
            description={`${LP_KEY_LIFETIME_MIN} to ${LP_KEY_LIFETIME_MAX} minutes (7 days).`}
            suffix="minutes"
            min={LP_KEY_LIFETIME_MIN}
            max={LP_KEY_LIFETIME_MAX}
            step={1}
            value={draft.keyLifetimeMinutes}
            onChange={(minutes) => set('keyLifetimeMinutes', minutes)}
            error={fieldError('keyLifetimeMinutes')}
          />
        </div>
      </Card>
      <Card
        title="Visits without a valid key"
        description="What spy tools, reviewers and visitors who open a lander directly get: hosted landers answer so at once; landers elsewhere once their check is pasted again."
      >
        <div className={styles.stack}>
          <RadioGroup<LpUnprotectedAction>
            label="Answer"
            options={ACTIONS}
            value={draft.unprotectedAction}
            onValueChange={(action) => set('unprotectedAction', action)}
          />
          {draft.unprotectedAction === 'redirect' && (
            <div className={styles.narrow}>
              <TextField
                label="Redirect URL"
                type="url"
                placeholder="https://example.com/"
                value={draft.redirectUrl}
                maxLength={2048}
                spellCheck={false}
                onChange={(event) => set('redirectUrl', event.target.value)}
                error={fieldError('redirectUrl')}
              />
            </div>
          )}
          {draft.unprotectedAction === 'safePage' && (
            <TextArea
              label="Safe page HTML"
              description="A harmless page shown in place of the lander, with status 200."
              rows={8}
              monospace
              maxLength={LP_SAFE_PAGE_MAX}
              value={draft.safePageHtml}
              onChange={(event) => set('safePageHtml', event.target.value)}
              error={fieldError('safePageHtml')}
            />
          )}
        </div>
      </Card>
      <SaveButton pending={pending} />
      <Card
        title="Checks for the lander’s code"
        description={`For the answer saved above. Each protected lander’s form shows them with its own secret in place of ${LP_SECRET_PLACEHOLDER}.`}
      >
        <LpProtectSnippets secret={LP_SECRET_PLACEHOLDER} settings={saved} />
      </Card>
    </form>
  );
}

function RotateSecrets() {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  return (
    <Card
      title="Rotate all secrets"
      description="After a leak: every protected lander gets a new secret at once, and keys signed with the old ones stop passing."
    >
      <div>
        <Button type="button" variant="outline" tone="danger" onClick={() => setAsking(true)}>
          Rotate all secrets
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Rotate every lander’s secret?"
        description="Every protected lander’s pasted check must then be updated with its new secret (shown on its form): until it is, the lander turns away every visitor. Hosted landers follow at once."
        confirmLabel="Rotate all secrets"
        tone="danger"
        renderError={renderProblem}
        onConfirm={async () => {
          const result = await rotateLpSecrets(client);
          if (result.status !== 'ok') throw problemOf(result);
          setAsking(false);
          // The landers' forms show the new secrets.
          await queryClient.invalidateQueries();
          const { rotated } = result.data;
          toast.success(
            rotated === 1
              ? '1 lander got a new secret. Update the check pasted in its code.'
              : `${rotated} landers got a new secret. Update the check pasted in each one’s code.`,
          );
        }}
      />
    </Card>
  );
}

export function SettingsLpProtectSection() {
  return (
    <SettingsSectionFrame
      title="LP protect"
      intro="A protected lander shows only to visitors the tracker sent: each gets a key signed with the lander’s secret, which the lander’s own code checks."
    >
      <SavedSettings queryKey={lpProtectQueryKey} load={fetchLpProtect}>
        {(saved) => <LpProtectForm key={JSON.stringify(saved)} saved={saved} />}
      </SavedSettings>
      <RotateSecrets />
    </SettingsSectionFrame>
  );
}
